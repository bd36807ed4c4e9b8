import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import sharp from 'sharp';
import {
  AudiogramCard,
  type AudiogramCardProps,
} from '../../src/lib/audiogram-card/card-layout.tsx';
import { CARD_GEOMETRY } from '../../src/lib/audiogram-card/card-geometry.ts';

/**
 * The audiogram card as an image on the server, without a browser: the card's React layout →
 * SVG (satori, text drawn as paths with the font we ship) → PNG (resvg). The card page shows the
 * same component in the browser, so the shared image, the video and the page look alike.
 */

/**
 * Inter, the site's typeface, from the `@fontsource/inter` package (SIL Open Font License 1.1,
 * which allows redistribution). Static weights, because satori draws a variable font at its
 * default weight only; Latin and Latin Extended cover German and most European names.
 */
const FONT_WEIGHTS = [400, 500, 600, 700, 800] as const;
const FONT_SUBSETS = ['latin', 'latin-ext'] as const;

let fonts: Promise<Font[]> | null = null;

function loadFonts(): Promise<Font[]> {
  fonts ??= (async () => {
    const require = createRequire(import.meta.url);
    const files = FONT_WEIGHTS.flatMap((weight) =>
      FONT_SUBSETS.map((subset) => ({
        subset,
        weight,
        file: require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
      })),
    );
    return Promise.all(
      files.map(async ({ subset, weight, file }) => ({
        name: subset === 'latin' ? 'Inter' : 'Inter Ext',
        data: await readFile(file),
        weight,
        style: 'normal' as const,
      })),
    );
  })().catch((error: unknown) => {
    fonts = null;
    throw error;
  });
  return fonts;
}

/** The card as SVG; its text is outlined, so the SVG renders the same without the font. */
export async function renderCardSvg(props: AudiogramCardProps): Promise<string> {
  const { width, height } = CARD_GEOMETRY[props.orientation];
  return satori(AudiogramCard(props), { width, height, fonts: await loadFonts() });
}

/** The card as a PNG at its orientation's size (1920×1080, 1080×1920 or 1080×1080). */
export async function renderCardPng(props: AudiogramCardProps): Promise<Buffer> {
  const svg = await renderCardSvg(props);
  const png = new Resvg(svg, {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
  })
    .render()
    .asPng();
  return Buffer.from(png);
}

/**
 * An avatar image (any format sharp reads: the stored WebP, a fallback SVG) as a PNG data URL
 * at the card's avatar size, which satori and resvg both draw.
 */
export async function avatarDataUrl(image: Buffer | string, size: number): Promise<string> {
  const png = await sharp(image, { limitInputPixels: 40_000_000 })
    .resize(size, size, { fit: 'cover' })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
