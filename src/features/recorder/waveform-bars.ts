/**
 * The recorder's level meter (docs/product/recording.md "Recorder states"): a bar is 550 ×
 * the amplitude (0 to 1) CSS pixels high, at least 1, drawn at that height and cut off only
 * where the canvas ends.
 */
export const WAVEFORM_SCALE = 550;

export const waveformBarHeight = (amplitude: number) => Math.max(1, WAVEFORM_SCALE * amplitude);

/** The height a bar is drawn at, in CSS pixels, on a canvas `canvasHeight` CSS pixels high. */
export const drawnBarHeight = (bar: number, canvasHeight: number) =>
  Math.min(canvasHeight, Math.max(1, bar));
