import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { waveMetadataQuery } from '../../../api/get-wave-metadata.ts';
import type { WaveMetadata } from '../../../api/contract/wave.ts';
import { pause as pausePlayer } from '../../../lib/audio/player.ts';
import { audioUrl } from '../../../lib/media-urls.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { createFilterGraph, type FilterGraph, type FilterValues } from '../audio-filters.ts';
import {
  HIGHPASS_RANGE,
  hzToPosition,
  LOWPASS_RANGE,
  positionToHz,
  SLIDER_STEPS,
} from '../filter-scale.ts';
import { PlayerTestLayout } from './player-test-layout.tsx';
import { WavePicker } from './wave-picker.tsx';

const INITIAL: FilterValues = { highpassHz: 20, lowpassHz: 20_000, volume: 0.8 };

type Source = { kind: 'wave'; wave: WaveMetadata } | { kind: 'microphone' } | null;

/**
 * /playertest/filters (docs/product/shell.md "Player test"): high-pass and low-pass cut-offs
 * and the volume, applied live with Web Audio to a wave or the microphone. The values shown
 * are read back from the graph's AudioParams.
 */
export function FilterTestPage() {
  return (
    <PlayerTestLayout>
      <FilterTestPageBody />
    </PlayerTestLayout>
  );
}

function FilterTestPageBody() {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const audio = useRef<HTMLAudioElement>(null);
  const context = useRef<AudioContext | null>(null);
  const graph = useRef<FilterGraph | null>(null);
  /** A media element can feed one source node in its life: kept with the element it belongs to. */
  const elementSource = useRef<{
    element: HTMLAudioElement;
    node: MediaElementAudioSourceNode;
  } | null>(null);
  const microphone = useRef<MediaStream | null>(null);
  const [source, setSource] = useState<Source>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [wanted, setWanted] = useState<FilterValues>(INITIAL);
  /** What the graph holds (null while nothing is connected). */
  const [actual, setActual] = useState<FilterValues | null>(null);

  const stopMicrophone = () => {
    for (const track of microphone.current?.getTracks() ?? []) track.stop();
    microphone.current = null;
  };

  const disconnect = () => {
    graph.current?.disconnect();
    graph.current = null;
    stopMicrophone();
    setActual(null);
  };

  useEffect(
    () => () => {
      graph.current?.disconnect();
      for (const track of microphone.current?.getTracks() ?? []) track.stop();
      void context.current?.close();
    },
    [],
  );

  const audioContext = () => (context.current ??= new AudioContext());

  const connect = (node: AudioNode) => {
    graph.current = createFilterGraph(audioContext(), node, wanted);
    setActual(graph.current.read());
  };

  const loadWave = async (waveName: string) => {
    setProblem(null);
    try {
      const wave = await queryClient.fetchQuery(waveMetadataQuery(waveName.trim()));
      disconnect();
      setSource({ kind: 'wave', wave });
    } catch (error) {
      setProblem(translateServerMessage((error as Error).message));
    }
  };

  /** Called when the wave's audio element starts: the graph is built inside that gesture. */
  const onWavePlay = () => {
    const element = audio.current;
    if (!element) return;
    pausePlayer();
    void audioContext().resume();
    if (graph.current) return;
    if (elementSource.current?.element !== element) {
      elementSource.current = {
        element,
        node: audioContext().createMediaElementSource(element),
      };
    }
    connect(elementSource.current.node);
  };

  const openMicrophone = async () => {
    setProblem(null);
    disconnect();
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      });
      pausePlayer();
      microphone.current = stream;
      setSource({ kind: 'microphone' });
      await audioContext().resume();
      connect(audioContext().createMediaStreamSource(stream));
    } catch {
      setProblem(t`The microphone could not be opened. Allow access to it and try again.`);
      setSource(null);
    }
  };

  const change = (values: Partial<FilterValues>) => {
    setWanted((current) => ({ ...current, ...values }));
    if (graph.current) setActual(graph.current.set(values));
  };

  const shown = actual ?? wanted;
  const hz = (value: number) => t`${Math.round(value)} Hz`;

  return (
    <div className="pt-grid">
      <section className="card pt-section" aria-labelledby={`${id}-source`}>
        <h2 id={`${id}-source`}>
          <Trans>Source</Trans>
        </h2>
        <WavePicker
          onLoad={(waveName) => void loadWave(waveName)}
          submitLabel={<Trans>Load</Trans>}
        />
        <p className="pt-or">
          <button type="button" className="button" onClick={() => void openMicrophone()}>
            <Trans>Use the microphone</Trans>
          </button>
        </p>
        {problem && (
          <p className="field__error" role="alert">
            {problem}
          </p>
        )}
        {source?.kind === 'wave' && (
          <div className="pt-player">
            <p>
              <strong>{source.wave.title || source.wave.wave_name}</strong>{' '}
              <span className="muted">@{source.wave.username}</span>
            </p>
            <audio
              ref={audio}
              key={source.wave.wave_name}
              controls
              preload="metadata"
              src={audioUrl(source.wave)}
              onPlay={onWavePlay}
              aria-label={t`The wave, through the filters`}
            />
          </div>
        )}
        {source?.kind === 'microphone' && (
          <div className="pt-player">
            <p role="status">
              <Trans>The microphone plays through the filters.</Trans>
            </p>
            <p className="note">
              <Trans>Use headphones: on speakers the microphone hears itself and howls.</Trans>
            </p>
            <button
              type="button"
              className="button"
              onClick={() => {
                disconnect();
                setSource(null);
              }}
            >
              <Trans>Stop the microphone</Trans>
            </button>
          </div>
        )}
      </section>

      <section className="card pt-section" aria-labelledby={`${id}-filters`}>
        <h2 id={`${id}-filters`}>
          <Trans>Filters</Trans>
        </h2>
        <p className="muted" role="status" data-testid="graph-status">
          {actual ? (
            <Trans>Connected: these are the values the audio graph holds.</Trans>
          ) : (
            <Trans>Not connected yet: play the wave or use the microphone.</Trans>
          )}
        </p>
        <div className="pt-slider">
          <label htmlFor={`${id}-highpass`}>
            <Trans>High-pass cut-off</Trans>
          </label>
          <input
            id={`${id}-highpass`}
            type="range"
            className="pt-range"
            min={0}
            max={SLIDER_STEPS}
            value={hzToPosition(wanted.highpassHz, HIGHPASS_RANGE)}
            onChange={(event) =>
              change({ highpassHz: positionToHz(Number(event.target.value), HIGHPASS_RANGE) })
            }
            aria-valuetext={hz(wanted.highpassHz)}
          />
          <output htmlFor={`${id}-highpass`} data-testid="highpass-value">
            {hz(shown.highpassHz)}
          </output>
        </div>
        <div className="pt-slider">
          <label htmlFor={`${id}-lowpass`}>
            <Trans>Low-pass cut-off</Trans>
          </label>
          <input
            id={`${id}-lowpass`}
            type="range"
            className="pt-range"
            min={0}
            max={SLIDER_STEPS}
            value={hzToPosition(wanted.lowpassHz, LOWPASS_RANGE)}
            onChange={(event) =>
              change({ lowpassHz: positionToHz(Number(event.target.value), LOWPASS_RANGE) })
            }
            aria-valuetext={hz(wanted.lowpassHz)}
          />
          <output htmlFor={`${id}-lowpass`} data-testid="lowpass-value">
            {hz(shown.lowpassHz)}
          </output>
        </div>
        <div className="pt-slider">
          <label htmlFor={`${id}-volume`}>
            <Trans>Volume</Trans>
          </label>
          <input
            id={`${id}-volume`}
            type="range"
            className="pt-range"
            min={0}
            max={100}
            value={Math.round(wanted.volume * 100)}
            onChange={(event) => change({ volume: Number(event.target.value) / 100 })}
            aria-valuetext={`${Math.round(wanted.volume * 100)} %`}
          />
          <output htmlFor={`${id}-volume`} data-testid="volume-value">
            {Math.round(shown.volume * 100)} %
          </output>
        </div>
        <button type="button" className="button button--small" onClick={() => change(INITIAL)}>
          <Trans>Reset</Trans>
        </button>
      </section>
    </div>
  );
}
