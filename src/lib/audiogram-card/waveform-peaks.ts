/**
 * The waveform drawn on the audiogram card: one value in 0..1 per bar. The server computes it
 * from decoded samples (ffmpeg), a browser could from an AudioBuffer; both use these functions,
 * so the card page and the video draw the same shape.
 */

/** Quietest bar, so silence still shows as a row of dots rather than nothing. */
const FLOOR = 0.06;

/** Loudness (RMS) of `count` equal slices of `samples`, scaled so the loudest slice is 1. */
export function peaksFromSamples(samples: ArrayLike<number>, count: number): number[] {
  const bars = Math.max(1, Math.floor(count));
  const levels = new Array<number>(bars).fill(0);
  if (samples.length === 0) return levels.map(() => FLOOR);
  for (let bar = 0; bar < bars; bar++) {
    const start = Math.floor((bar * samples.length) / bars);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * samples.length) / bars));
    let sum = 0;
    for (let index = start; index < end && index < samples.length; index++) {
      const value = samples[index]!;
      sum += value * value;
    }
    levels[bar] = Math.sqrt(sum / (end - start));
  }
  return normalizePeaks(levels);
}

/** Scales levels to 0..1 by the loudest, with a gentle curve that lifts quiet speech. */
export function normalizePeaks(levels: readonly number[]): number[] {
  const loudest = Math.max(0, ...levels.map((level) => (Number.isFinite(level) ? level : 0)));
  return levels.map((level) => {
    const relative = loudest > 0 && Number.isFinite(level) ? Math.max(0, level) / loudest : 0;
    return FLOOR + (1 - FLOOR) * Math.pow(relative, 0.8);
  });
}

/** `peaks` stretched or squeezed to `count` bars (each bar takes the loudest value it covers). */
export function resamplePeaks(peaks: readonly number[], count: number): number[] {
  const bars = Math.max(1, Math.floor(count));
  if (peaks.length === 0) return new Array<number>(bars).fill(FLOOR);
  return Array.from({ length: bars }, (_, bar) => {
    const start = Math.floor((bar * peaks.length) / bars);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * peaks.length) / bars));
    let loudest = 0;
    for (let index = start; index < end; index++) loudest = Math.max(loudest, peaks[index] ?? 0);
    return Math.min(1, Math.max(FLOOR, loudest));
  });
}

/** How many bars are measured and stored; each orientation resamples them to its own count. */
export const STORED_PEAKS = 160;

const PEAK_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const PEAK_STEPS = PEAK_DIGITS.length - 1;

/** Peaks (0..1) as text, one character (64 steps) per bar: 160 bars fit a short column. */
export function encodePeaks(peaks: readonly number[]): string {
  return peaks
    .map((peak) => {
      const value = Number.isFinite(peak) ? Math.min(1, Math.max(0, peak)) : 0;
      return PEAK_DIGITS[Math.round(value * PEAK_STEPS)];
    })
    .join('');
}

/** The peaks of `encodePeaks`; null for no text, unknown characters count as silence. */
export function decodePeaks(text: string | null | undefined): number[] | null {
  if (!text) return null;
  return Array.from(text, (digit) => Math.max(0, PEAK_DIGITS.indexOf(digit)) / PEAK_STEPS);
}
