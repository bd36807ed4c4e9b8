import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ProductCategory, ProductCurrency } from '../../src/api/contract/constants.ts';

/**
 * The demo's treasure hunt (docs/product/shell.md "Demo data"): a few products of the demo
 * people, each with three pictures drawn here (an object on a coloured ground, whole, close up
 * and from a second angle) so the seed needs no photographs. They are listed through the
 * product's own service when the demo is seeded, so their prices fall from that moment on.
 */
export interface DemoProduct {
  key: 'microphone' | 'lantern' | 'pot' | 'backpack';
  seller: string;
  headline: string;
  description: string;
  location: string;
  category: ProductCategory;
  currency: ProductCurrency;
  start_price: string;
  floor_price: string;
  step_amount: string;
  step_seconds: string;
  /** Bought by this demo person as soon as it is listed. */
  boughtBy?: string;
}

export const PRODUCTS: DemoProduct[] = [
  {
    key: 'microphone',
    seller: 'marcus-audio',
    headline: 'Ribbon microphone, 1970s',
    description:
      'Warm, quiet and a little heavy. Recorded my first podcast season on it; the ribbon was replaced last year. Comes with its shock mount.',
    location: 'Oakland, California',
    category: 'music',
    currency: 'USD',
    start_price: '240',
    floor_price: '90',
    step_amount: '5',
    step_seconds: '120',
  },
  {
    key: 'lantern',
    seller: 'lena-berlin',
    headline: 'Messing-Schiffslaterne',
    description:
      'Von einem alten Fischkutter aus Rostock, mit Petroleumbrenner. Das Glas ist heil, das Messing hat Patina.',
    location: 'Berlin-Kreuzberg',
    category: 'antiques',
    currency: 'EUR',
    start_price: '95',
    floor_price: '35',
    step_amount: '2,50',
    step_seconds: '300',
  },
  {
    key: 'pot',
    seller: 'sofia-cooks',
    headline: 'Big enamelled pasta pot',
    description:
      'Twelve litres, enough water for pasta for ten. Enamel without chips, lid included. I am moving and it will not fit.',
    location: 'Siena, Tuscany',
    category: 'home',
    currency: 'EUR',
    start_price: '48',
    floor_price: '15',
    step_amount: '1',
    step_seconds: '600',
  },
  {
    key: 'backpack',
    seller: 'tom-wandert',
    headline: 'Wanderrucksack, 45 Liter',
    description: 'Zwei Sommer in den Alpen getragen, Regenhülle dabei.',
    location: 'Wien',
    category: 'sports',
    currency: 'EUR',
    start_price: '70',
    floor_price: '30',
    step_amount: '5',
    step_seconds: '3600',
    boughtBy: 'lena-berlin',
  },
];

const GROUNDS: Record<DemoProduct['key'], [string, string]> = {
  microphone: ['#2f3e46', '#52796f'],
  lantern: ['#1d3557', '#457b9d'],
  pot: ['#f1e3d3', '#e9c46a'],
  backpack: ['#d8e2dc', '#9cb4a4'],
};

/** The object itself, drawn around (400, 300) of a square picture 800 px a side. */
const OBJECTS: Record<DemoProduct['key'], string> = {
  microphone: `
    <rect x="385" y="360" width="30" height="150" fill="#adb5bd"/>
    <rect x="310" y="500" width="180" height="26" rx="13" fill="#6c757d"/>
    <rect x="320" y="110" width="160" height="270" rx="80" fill="#ced4da"/>
    <g stroke="#6c757d" stroke-width="6">
      <line x1="340" y1="170" x2="460" y2="170"/><line x1="330" y1="210" x2="470" y2="210"/>
      <line x1="330" y1="250" x2="470" y2="250"/><line x1="330" y1="290" x2="470" y2="290"/>
      <line x1="340" y1="330" x2="460" y2="330"/>
    </g>
    <rect x="300" y="228" width="200" height="44" rx="10" fill="#495057"/>`,
  lantern: `
    <circle cx="400" cy="95" r="34" fill="none" stroke="#c9a227" stroke-width="12"/>
    <path d="M320 150 L480 150 L455 120 L345 120 Z" fill="#b08d1a"/>
    <rect x="330" y="150" width="140" height="300" rx="12" fill="#c9a227"/>
    <rect x="350" y="175" width="100" height="230" rx="8" fill="#fff3bf"/>
    <ellipse cx="400" cy="320" rx="26" ry="46" fill="#ffd166"/>
    <ellipse cx="400" cy="330" rx="12" ry="24" fill="#f4a261"/>
    <rect x="310" y="450" width="180" height="34" rx="10" fill="#b08d1a"/>`,
  pot: `
    <rect x="230" y="220" width="340" height="260" rx="40" fill="#e76f51"/>
    <rect x="230" y="260" width="340" height="24" fill="#f4a261"/>
    <rect x="170" y="270" width="70" height="30" rx="15" fill="#264653"/>
    <rect x="560" y="270" width="70" height="30" rx="15" fill="#264653"/>
    <ellipse cx="400" cy="215" rx="185" ry="32" fill="#c4553b"/>
    <rect x="375" y="160" width="50" height="34" rx="12" fill="#264653"/>`,
  backpack: `
    <rect x="290" y="140" width="220" height="340" rx="70" fill="#2a9d8f"/>
    <rect x="320" y="300" width="160" height="140" rx="26" fill="#21867a"/>
    <rect x="340" y="110" width="120" height="50" rx="25" fill="none" stroke="#264653" stroke-width="14"/>
    <rect x="310" y="200" width="180" height="18" fill="#264653"/>
    <rect x="385" y="330" width="30" height="60" rx="8" fill="#e9c46a"/>`,
};

/** Three views of the object: whole, close up, and turned on another ground. */
function pictureSvg(key: DemoProduct['key'], view: 0 | 1 | 2): string {
  const [dark, light] = GROUNDS[key];
  const transform = [
    '',
    'translate(400 300) scale(1.6) translate(-400 -280)',
    'translate(400 300) rotate(-12) scale(0.85) translate(-400 -300)',
  ][view];
  const ground = view === 2 ? [light, dark] : [dark, light];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 -100 800 800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${ground[0]}"/><stop offset="1" stop-color="${ground[1]}"/>
    </linearGradient></defs>
    <rect y="-100" width="800" height="800" fill="url(#g)"/>
    <ellipse cx="400" cy="530" rx="230" ry="26" fill="#000" opacity="0.15"/>
    <g transform="${transform}">${OBJECTS[key]}</g>
  </svg>`;
}

/** Writes the product's three pictures as PNG files in `dir`: image1, image2, image3. */
export async function drawProductPictures(
  key: DemoProduct['key'],
  dir: string,
): Promise<Record<'image1' | 'image2' | 'image3', string>> {
  const files = {} as Record<'image1' | 'image2' | 'image3', string>;
  for (const view of [0, 1, 2] as const) {
    const file = path.join(dir, `${key}-${view + 1}.png`);
    await writeFile(
      file,
      await sharp(Buffer.from(pictureSvg(key, view)))
        .png()
        .toBuffer(),
    );
    files[`image${view + 1}` as 'image1'] = file;
  }
  return files;
}
