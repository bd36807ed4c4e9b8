// Renders the server's stock profile images into server/media/presets/ (run once; the WebP
// files are committed: ~1-3 KB each, reviewable, and the server needs no write access or
// start-up work to answer /media/avatars and /media/covers for users without an image).
//   cover-01.webp … cover-22.webp   the 22 preset banners (docs/product/accounts.md "Profile images"), 1000×100
//   cover-default.webp              the default teal banner of the anonymous user
//   avatar-{48,128,512}.webp         the fallback avatar
// Usage: node scripts/make-preset-images.mjs
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const out = 'server/media/presets';
mkdirSync(out, { recursive: true });

const WIDTH = 1000;
const HEIGHT = 100;

/** A smooth wave path across the banner. */
function wave(amplitude, wavelength, phase, baseline) {
  const points = [];
  for (let x = 0; x <= WIDTH; x += 10) {
    const y = baseline + amplitude * Math.sin(((x + phase) / wavelength) * Math.PI * 2);
    points.push(`${x},${y.toFixed(1)}`);
  }
  return `M0,${HEIGHT} L${points.join(' L')} L${WIDTH},${HEIGHT} Z`;
}

function banner(hueA, hueB, seed) {
  const layers = [0, 1, 2]
    .map((layer) => {
      const amplitude = 6 + ((seed * 7 + layer * 5) % 12);
      const wavelength = 180 + ((seed * 37 + layer * 90) % 260);
      const phase = (seed * 53 + layer * 131) % 400;
      const baseline = 45 + layer * 18;
      const opacity = 0.18 + layer * 0.14;
      return `<path d="${wave(amplitude, wavelength, phase, baseline)}" fill="#fff" fill-opacity="${opacity}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hueA} 62% 42%)"/>
      <stop offset="1" stop-color="hsl(${hueB} 70% 58%)"/>
    </linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>${layers}</svg>`;
}

async function write(svg, file, width, height) {
  await sharp(Buffer.from(svg))
    .resize(width, height)
    .webp({ quality: 80, effort: 6 })
    .toFile(`${out}/${file}`);
}

for (let index = 1; index <= 22; index++) {
  const hueA = Math.round((index - 1) * (360 / 22));
  const hueB = (hueA + 40) % 360;
  await write(
    banner(hueA, hueB, index),
    `cover-${String(index).padStart(2, '0')}.webp`,
    WIDTH,
    HEIGHT,
  );
}

// The default teal banner (brand colours of src/styles/app.css).
await write(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="${WIDTH}" height="${HEIGHT}" fill="#0f766e"/>
    <path d="${wave(10, 320, 0, 62)}" fill="#14b8a6" fill-opacity="0.35"/>
    <path d="${wave(8, 240, 90, 76)}" fill="#99f6e4" fill-opacity="0.25"/></svg>`,
  'cover-default.webp',
  WIDTH,
  HEIGHT,
);

// The fallback avatar: the same figure as public/images/fallback-avatar-*.svg, square.
const avatar = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#99f6e4"/><circle cx="32" cy="25" r="11" fill="#0f766e"/><path d="M12 54c3-11 11-16 20-16s17 5 20 16z" fill="#0f766e"/></svg>`;
for (const size of [48, 128, 512]) await write(avatar, `avatar-${size}.webp`, size, size);

console.log(`preset images written to ${out}`);
