// Renders the app icons from the logo (run once; the PNGs are committed, they are small).
import sharp from 'sharp';

const bars = (scale, offset) => `
  <g fill="#fff" transform="translate(${offset} ${offset}) scale(${scale})">
    <rect x="11" y="26" width="6" height="12" rx="3"/><rect x="21" y="18" width="6" height="28" rx="3"/>
    <rect x="31" y="12" width="6" height="40" rx="3"/><rect x="41" y="20" width="6" height="24" rx="3"/>
    <rect x="51" y="27" width="4" height="10" rx="2" fill="#fdba74"/>
  </g>`;
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="#0f766e"/>${bars(1, 0)}</svg>`;
// Maskable: full-bleed background, the mark inside the 80% safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0f766e"/>${bars(0.7, 9.6)}</svg>`;

await sharp(Buffer.from(any)).resize(192, 192).png().toFile('public/icons/icon-192.png');
await sharp(Buffer.from(any)).resize(512, 512).png().toFile('public/icons/icon-512.png');
await sharp(Buffer.from(maskable)).resize(512, 512).png().toFile('public/icons/maskable-512.png');
await sharp(Buffer.from(maskable)).resize(180, 180).png().toFile('public/apple-touch-icon.png');
console.log('icons written');

// Shortcut icons: a record dot and a list, on the brand colour.
const shortcut = (inner) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="#0f766e"/>${inner}</svg>`;
await sharp(
  Buffer.from(
    shortcut('<circle cx="48" cy="48" r="22" fill="#ef4444" stroke="#fff" stroke-width="6"/>'),
  ),
)
  .png()
  .toFile('public/icons/shortcut-record.png');
await sharp(
  Buffer.from(
    shortcut(
      '<g fill="#fff"><rect x="22" y="26" width="52" height="8" rx="4"/><rect x="22" y="44" width="52" height="8" rx="4"/><rect x="22" y="62" width="36" height="8" rx="4"/></g>',
    ),
  ),
)
  .png()
  .toFile('public/icons/shortcut-newest.png');
