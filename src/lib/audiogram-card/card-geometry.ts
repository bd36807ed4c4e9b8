/**
 * Sizes and fixed positions of the audiogram card. The waveform sits at a fixed place in each
 * orientation because the video renderer draws its progress over exactly those pixels.
 */
export type CardOrientation = 'landscape' | 'portrait' | 'square';

export const CARD_ORIENTATIONS: readonly CardOrientation[] = ['landscape', 'portrait', 'square'];

/** `?orient=`: the three known values, anything else (or nothing) is square. */
export function parseCardOrientation(value: unknown): CardOrientation {
  return value === 'landscape' || value === 'portrait' ? value : 'square';
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CardGeometry {
  width: number;
  height: number;
  /** Space between the card's edge and its content. */
  padding: number;
  avatar: number;
  /** The dark panel that holds the waveform. */
  panel: Box;
  /** The bars inside the panel: where the video's progress is drawn. */
  bars: Box & { count: number; barWidth: number; gap: number };
  /** Side of the QR code itself (the white tile around it is larger). */
  qr: number;
  /** Font sizes. */
  text: { title: number; body: number; meta: number; name: number; site: number };
  /** Most lines of the title and the description before they end in an ellipsis. */
  lines: { title: number; body: number };
}

const BAR_WIDTH = 10;
const BAR_GAP = 7;
const PANEL_INSET = 40;

function bars(panel: Box, inset: number): CardGeometry['bars'] {
  const room = panel.width - 2 * inset;
  const count = Math.floor((room + BAR_GAP) / (BAR_WIDTH + BAR_GAP));
  const width = count * (BAR_WIDTH + BAR_GAP) - BAR_GAP;
  const height = panel.height - 2 * inset;
  return {
    x: panel.x + Math.floor((panel.width - width) / 2),
    y: panel.y + inset,
    width,
    height,
    count,
    barWidth: BAR_WIDTH,
    gap: BAR_GAP,
  };
}

function geometry(
  base: Omit<CardGeometry, 'bars'>,
  inset: number = PANEL_INSET,
): Readonly<CardGeometry> {
  return Object.freeze({ ...base, bars: bars(base.panel, inset) });
}

export const CARD_GEOMETRY: Readonly<Record<CardOrientation, Readonly<CardGeometry>>> = {
  portrait: geometry({
    width: 1080,
    height: 1920,
    padding: 88,
    avatar: 168,
    panel: { x: 88, y: 1104, width: 904, height: 288 },
    qr: 232,
    text: { title: 92, body: 40, meta: 34, name: 46, site: 46 },
    lines: { title: 4, body: 4 },
  }),
  landscape: geometry({
    width: 1920,
    height: 1080,
    padding: 96,
    avatar: 128,
    panel: { x: 96, y: 676, width: 1228, height: 196 },
    qr: 300,
    text: { title: 72, body: 34, meta: 32, name: 44, site: 44 },
    lines: { title: 2, body: 2 },
  }),
  square: geometry(
    {
      width: 1080,
      height: 1080,
      padding: 72,
      avatar: 112,
      panel: { x: 72, y: 600, width: 936, height: 150 },
      qr: 150,
      text: { title: 64, body: 32, meta: 30, name: 40, site: 38 },
      lines: { title: 2, body: 2 },
    },
    32,
  ),
};
