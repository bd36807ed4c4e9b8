import { useEffect, useRef } from 'react';
import { drawnBarHeight } from '../waveform-bars.ts';

/** The live level meter: one bar per sample, 550 × amplitude CSS pixels high, newest right. */
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
      // The bar heights are in CSS pixels: drawn 1:1, cut off at the canvas's edge.
      const barHeight = drawnBarHeight(bar, element.clientHeight) * ratio;
      const x = width - (shown.length - index) * (barWidth + gap);
      context.fillRect(x, (height - barHeight) / 2, barWidth, Math.max(ratio, barHeight));
    });
  }, [bars, active]);
  return <canvas ref={canvas} className="recorder__waveform" aria-hidden="true" />;
}
