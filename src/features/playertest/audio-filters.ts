/**
 * The filter page's Web Audio graph: source → high-pass → low-pass → gain → speakers. The
 * source is a wave's <audio> element or the microphone. Values are set directly on the
 * AudioParams and read back from them, so what the page shows is what the graph holds.
 */
export interface FilterValues {
  highpassHz: number;
  lowpassHz: number;
  /** 0 to 1. */
  volume: number;
}

export interface FilterGraph {
  set(values: Partial<FilterValues>): FilterValues;
  read(): FilterValues;
  /** Disconnects the source (the context stays for the next source). */
  disconnect(): void;
}

export function createFilterGraph(
  context: AudioContext,
  source: AudioNode,
  initial: FilterValues,
): FilterGraph {
  const highpass = context.createBiquadFilter();
  highpass.type = 'highpass';
  const lowpass = context.createBiquadFilter();
  lowpass.type = 'lowpass';
  const gain = context.createGain();
  source.connect(highpass).connect(lowpass).connect(gain).connect(context.destination);

  const read = (): FilterValues => ({
    highpassHz: highpass.frequency.value,
    lowpassHz: lowpass.frequency.value,
    volume: gain.gain.value,
  });
  const set = (values: Partial<FilterValues>) => {
    if (values.highpassHz !== undefined) highpass.frequency.value = values.highpassHz;
    if (values.lowpassHz !== undefined) lowpass.frequency.value = values.lowpassHz;
    if (values.volume !== undefined) gain.gain.value = values.volume;
    return read();
  };
  set(initial);
  return {
    set,
    read,
    disconnect() {
      source.disconnect();
      gain.disconnect();
    },
  };
}
