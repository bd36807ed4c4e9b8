/**
 * The filter page's sliders (docs/product/shell.md "Player test"): cut-offs move on a
 * logarithmic scale, as hearing does, from a slider position of 0 to 1000.
 */
export const SLIDER_STEPS = 1000;
export const HIGHPASS_RANGE = { min: 20, max: 5000 } as const;
export const LOWPASS_RANGE = { min: 200, max: 20_000 } as const;

export function positionToHz(position: number, range: { min: number; max: number }): number {
  const share = Math.min(1, Math.max(0, position / SLIDER_STEPS));
  return Math.round(range.min * (range.max / range.min) ** share);
}

export function hzToPosition(hz: number, range: { min: number; max: number }): number {
  return Math.round((Math.log(hz / range.min) / Math.log(range.max / range.min)) * SLIDER_STEPS);
}
