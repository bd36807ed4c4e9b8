import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { waveMetadataQuery, WaveMetadataError } from '../../../api/get-wave-metadata.ts';
import type { WaveMetadata } from '../../../api/contract/wave.ts';
import {
  isPlayBeepOn,
  pause,
  play,
  playFromList,
  PLAYBACK_RATES,
  preloadPlayer,
  seek,
  setAutoplay,
  setPlayBeep,
  setRate,
  setVolume,
  stop,
  toggleMute,
} from '../../../lib/audio/player.ts';
import { currentWave, usePlayer, type PlayableWave } from '../../../lib/audio/player-store.ts';
import { useDudeMode } from '../../../lib/feature-flags.ts';
import { formatDuration } from '../../../lib/format.ts';
import { storage } from '../../../lib/storage.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { PlayerTestLayout } from './player-test-layout.tsx';
import { WavePicker } from './wave-picker.tsx';

const QUEUE_KEY = 'playertest';

const playable = (wave: WaveMetadata): PlayableWave => ({
  wave_name: wave.wave_name,
  title: wave.title,
  username: wave.username,
  user_id: wave.user_id,
  avatar_version: wave.avatar_version,
  duration: wave.duration,
  channel_id: wave.channel_id,
  created_epoch_day: wave.created_epoch_day,
});

/**
 * /playertest (docs/product/shell.md "Player test"): the app's own player engine
 * (src/lib/audio/player.ts) driven by hand, its state shown as it changes.
 */
export function PlayerTestPage() {
  return (
    <PlayerTestLayout>
      <PlayerTestPageBody />
    </PlayerTestLayout>
  );
}

function PlayerTestPageBody() {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [beep, setBeep] = useState(isPlayBeepOn);

  const wave = usePlayer(currentWave);
  const status = usePlayer((s) => s.status);
  const position = usePlayer((s) => s.position);
  const duration = usePlayer((s) => s.duration);
  const volume = usePlayer((s) => s.volume);
  const muted = usePlayer((s) => s.muted);
  const rate = usePlayer((s) => s.rate);
  const autoplay = usePlayer((s) => s.autoplay);
  const needsTap = usePlayer((s) => s.needsTap);
  const queueKey = usePlayer((s) => s.queueKey);
  const loaded = queueKey === QUEUE_KEY ? wave : null;
  const dudeMode = useDudeMode();

  const load = async (waveName: string) => {
    const trimmed = waveName.trim();
    if (!trimmed) {
      setProblem(t`Enter the name of a wave.`);
      return;
    }
    setLoading(true);
    setProblem(null);
    preloadPlayer();
    try {
      const metadata = await queryClient.fetchQuery(waveMetadataQuery(trimmed));
      playFromList([playable(metadata)], 0, QUEUE_KEY);
    } catch (error) {
      setProblem(
        error instanceof WaveMetadataError && error.kind === 'request'
          ? t`Request error: ${translateServerMessage(error.message)}`
          : translateServerMessage((error as Error).message),
      );
    } finally {
      setLoading(false);
    }
  };

  const onOff = (value: boolean) =>
    value
      ? t({ message: 'on', context: 'player test state' })
      : t({ message: 'off', context: 'player test state' });
  const statusNames = {
    idle: t({ message: 'idle', context: 'player test state' }),
    loading: t({ message: 'loading', context: 'player test state' }),
    playing: t({ message: 'playing', context: 'player test state' }),
    paused: t({ message: 'paused', context: 'player test state' }),
  };
  const state: [string, string][] = [
    [t`State`, statusNames[status]],
    [t`Wave`, loaded ? `${loaded.title || loaded.wave_name} (${loaded.wave_name})` : '—'],
    [
      t`Position`,
      `${formatDuration(Math.floor(position))} / ${formatDuration(Math.round(duration))}`,
    ],
    [t`Speed`, `${rate}×`],
    [
      t`Volume`,
      `${volume}${muted ? ` (${t({ message: 'muted', context: 'player test state' })})` : ''}`,
    ],
    [t`Beep`, onOff(beep)],
    [t`Autoplay`, onOff(autoplay)],
    [
      t`Waiting for a tap`,
      needsTap
        ? t({ message: 'yes', context: 'player test state' })
        : t({ message: 'no', context: 'player test state' }),
    ],
  ];
  const disabled = loaded === null;

  return (
    <div className="pt-grid">
      <section className="card pt-section" aria-labelledby={`${id}-load`}>
        <h2 id={`${id}-load`}>
          <Trans>Load a wave</Trans>
        </h2>
        <WavePicker
          onLoad={(waveName) => void load(waveName)}
          submitLabel={<Trans>Load and play</Trans>}
          busy={loading}
          problem={problem}
        />
      </section>

      <section className="card pt-section" aria-labelledby={`${id}-controls`}>
        <h2 id={`${id}-controls`}>
          <Trans>Controls</Trans>
        </h2>
        <div className="pt-buttons">
          <button type="button" className="button" onClick={play} disabled={disabled}>
            <Trans>Play</Trans>
          </button>
          <button type="button" className="button" onClick={pause} disabled={disabled}>
            <Trans>Pause</Trans>
          </button>
          <button type="button" className="button" onClick={stop} disabled={disabled}>
            <Trans>Stop</Trans>
          </button>
          <button type="button" className="button" onClick={toggleMute} aria-pressed={muted}>
            {muted ? <Trans>Unmute</Trans> : <Trans>Mute</Trans>}
          </button>
        </div>
        <label className="field__label" htmlFor={`${id}-seek`}>
          <Trans>Seek</Trans>
        </label>
        <input
          id={`${id}-seek`}
          type="range"
          className="pt-range"
          min={0}
          max={Math.max(1, Math.round(duration))}
          step={1}
          value={Math.min(Math.floor(position), Math.max(1, Math.round(duration)))}
          onChange={(event) => seek(Number(event.target.value))}
          disabled={disabled || status === 'idle'}
          aria-valuetext={`${formatDuration(Math.floor(position))} / ${formatDuration(Math.round(duration))}`}
        />
        <div className="pt-row pt-row--wrap">
          <label className="pt-inline" htmlFor={`${id}-rate`}>
            <Trans>Speed</Trans>
            <select
              id={`${id}-rate`}
              className="select"
              value={rate}
              onChange={(event) => setRate(Number(event.target.value))}
            >
              {PLAYBACK_RATES.map((option) => (
                <option key={option} value={option}>
                  {option}×
                </option>
              ))}
            </select>
          </label>
          <label className="pt-inline" htmlFor={`${id}-volume`}>
            <Trans>Volume</Trans>
            <input
              id={`${id}-volume`}
              type="range"
              className="pt-range"
              min={0}
              max={100}
              step={1}
              value={volume}
              onChange={(event) => setVolume(Number(event.target.value))}
            />
            <output htmlFor={`${id}-volume`}>{volume}</output>
          </label>
        </div>
        <div className="pt-row pt-row--wrap">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={beep}
              onChange={(event) => {
                setPlayBeep(event.target.checked);
                setBeep(event.target.checked);
              }}
            />
            <Trans>Beep before playing</Trans>
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={autoplay}
              onChange={(event) => setAutoplay(event.target.checked)}
            />
            <Trans>Autoplay</Trans>
          </label>
        </div>
      </section>

      <section className="card pt-section" aria-labelledby={`${id}-state`}>
        <h2 id={`${id}-state`}>
          <Trans>Player state</Trans>
        </h2>
        <dl className="pt-state" aria-live="off" data-testid="player-state">
          {state.map(([label, value]) => (
            <div key={label} className="pt-state__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={dudeMode}
            onChange={(event) =>
              event.target.checked
                ? storage.set('enableDudeMode', 'true')
                : storage.remove('enableDudeMode')
            }
          />
          <Trans>Dude mode: wave rows link to their cards (landscape, portrait, square)</Trans>
        </label>
      </section>
    </div>
  );
}
