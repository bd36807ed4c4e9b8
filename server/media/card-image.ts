import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import sharp from 'sharp';
import {
  AudiogramCard,
  type AudiogramCardProps,
  type CardLabels,
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
 * default weight only. Every subset Inter has: Latin (German included), Latin Extended,
 * Cyrillic, Greek, Vietnamese.
 */
const FONT_WEIGHTS = [400, 500, 600, 700, 800] as const;
const FONT_SUBSETS = [
  'latin',
  'latin-ext',
  'cyrillic',
  'cyrillic-ext',
  'greek',
  'greek-ext',
  'vietnamese',
] as const;

interface LoadedFonts {
  fonts: Font[];
  /** Whether some font draws this code point. */
  covers: (codePoint: number) => boolean;
}

let loaded: Promise<LoadedFonts> | null = null;

function loadFonts(): Promise<LoadedFonts> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const file = (name: string) => require.resolve(`@fontsource/inter/${name}`);
    const fonts = await Promise.all(
      FONT_WEIGHTS.flatMap((weight) =>
        FONT_SUBSETS.map(async (subset) => ({
          // The layout names 'Inter'; satori falls back to the other families in order, by
          // glyph (two families of one name would hide the second's glyphs).
          name: subset === 'latin' ? 'Inter' : `Inter ${subset}`,
          data: await readFile(file(`files/inter-${subset}-${weight}-normal.woff`)),
          weight,
          style: 'normal' as const,
        })),
      ),
    );
    const ranges = JSON.parse(await readFile(file('unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    const covered = FONT_SUBSETS.flatMap((subset) =>
      (ranges[subset] ?? '').split(',').map((range) => {
        const [start, end = start] = range.replace(/U\+/g, '').split('-');
        return [parseInt(start!, 16), parseInt(end!, 16)] as const;
      }),
    );
    const covers = (codePoint: number) =>
      covered.some(([start, end]) => codePoint >= start && codePoint <= end);
    return { fonts, covers };
  })().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

/** Whether the shipped fonts draw a code point. */
export async function fontCoverage(): Promise<(codePoint: number) => boolean> {
  return (await loadFonts()).covers;
}

/**
 * The text without characters no shipped font draws (emoji, CJK, Arabic…): left in, they
 * would show as "missing glyph" boxes. The browser draws them with the system's fonts.
 */
export function renderableText(text: string, covers: (codePoint: number) => boolean): string {
  let kept = '';
  for (const character of text) {
    if (covers(character.codePointAt(0)!)) kept += character;
  }
  return kept.replace(/[^\S\n]{2,}/g, ' ').trim();
}

type TextProp = 'title' | 'username' | 'displayName' | 'teamName' | 'channelName' | 'description';
const TEXT_PROPS: readonly TextProp[] = [
  'title',
  'username',
  'displayName',
  'teamName',
  'channelName',
  'description',
];

function drawable(props: AudiogramCardProps, covers: LoadedFonts['covers']): AudiogramCardProps {
  const clean = (text: string) => renderableText(text, covers);
  const labels = { ...props.labels };
  for (const key of Object.keys(labels) as (keyof CardLabels)[]) labels[key] = clean(labels[key]);
  const result: AudiogramCardProps = { ...props, siteName: clean(props.siteName), labels };
  for (const key of TEXT_PROPS) {
    const value = props[key];
    if (typeof value === 'string') result[key] = clean(value);
  }
  return result;
}

/** The card as SVG; its text is outlined, so the SVG renders the same without the font. */
export async function renderCardSvg(props: AudiogramCardProps): Promise<string> {
  const { width, height } = CARD_GEOMETRY[props.orientation];
  const { fonts, covers } = await loadFonts();
  return satori(AudiogramCard(drawable(props, covers)), { width, height, fonts });
}

/**
 * The card as a PNG at its orientation's size (1920×1080, 1080×1920 or 1080×1080). Rasterising
 * takes most of the time (about 0.2–0.4 s), so it runs on libuv's thread pool, not on the
 * event loop that serves requests.
 */
export async function renderCardPng(props: AudiogramCardProps): Promise<Buffer> {
  const svg = await renderCardSvg(props);
  const image = await renderAsync(svg, {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
  });
  return Buffer.from(image.asPng());
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
