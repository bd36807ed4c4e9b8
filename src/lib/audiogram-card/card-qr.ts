import { encode } from 'uqr';

/** A QR code as one SVG path of its dark modules, generated here: no outside service sees it. */
export interface QrPath {
  /** Modules per side, quiet zone included. */
  size: number;
  /** `d` of a path drawing the dark modules, one unit per module. */
  d: string;
}

/** Quiet zone in modules; the white tile around the code adds more. */
const QUIET_ZONE = 2;

export function qrPath(text: string): QrPath {
  // Medium error correction survives a scratched phone screen or a compressed video frame.
  const { data, size } = encode(text, { ecc: 'M', border: QUIET_ZONE });
  let d = '';
  data.forEach((row, y) => {
    // One rectangle per horizontal run of dark modules keeps the path short.
    let start = -1;
    for (let x = 0; x <= size; x++) {
      const dark = x < size && row[x] === true;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        d += `M${start} ${y}h${x - start}v1h${start - x}z`;
        start = -1;
      }
    }
  });
  return { size, d };
}

/** The public page of a wave, the QR code's target: `{origin}/u/{username}/{wave_name}`. */
export function publicWaveUrl(origin: string, username: string, waveName: string): string {
  return `${origin.replace(/\/+$/, '')}/u/${encodeURIComponent(username)}/${encodeURIComponent(waveName)}`;
}
