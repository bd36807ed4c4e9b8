import { useEffect, useRef } from 'react';

/** The live level meter: one bar per sample, height 550 × amplitude (at least 1), newest right. */
export function Waveform({ bars, active }: { bars: readonly number[]; active: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const width = element.clientWidth * ratio;
    const height = element.clientHeight * ratio;
    if (element.width !== width) element.width = width;
    if (element.height !== height) element.height = height;
    context.clearRect(0, 0, width, height);
    const barWidth = 3 * ratio;
    const gap = 2 * ratio;
    const fit = Math.floor(width / (barWidth + gap));
    const shown = bars.slice(-fit);
    context.fillStyle = active ? '#0f766e' : '#94a3b8';
    shown.forEach((bar, index) => {
      // The spec's heights are in CSS pixels; clip them to the canvas.
      const barHeight = Math.min(height, bar * ratio * (height / (180 * ratio)));
      const x = width - (shown.length - index) * (barWidth + gap);
      context.fillRect(x, (height - barHeight) / 2, barWidth, Math.max(ratio, barHeight));
    });
  }, [bars, active]);
  return <canvas ref={canvas} className="recorder__waveform" aria-hidden="true" />;
}
