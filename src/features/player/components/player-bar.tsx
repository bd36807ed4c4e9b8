import { Trans, useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../components/ui/notices.tsx';
import {
  next,
  onPlayerError,
  PLAYBACK_RATES,
  previous,
  seek,
  setAutoplay,
  setPlayBeep,
  setRate,
  setVolume,
  stop,
  toggleMute,
  togglePlay,
} from '../../../lib/audio/player.ts';
import { currentWave, usePlayer } from '../../../lib/audio/player-store.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDuration } from '../../../lib/format.ts';
import './player-bar.css';

/** Screens that list waves; elsewhere the bar shows only once a wave has been chosen. */
const WAVE_LIST_PAGES = /^\/(?:$|newest$|trending$|following$|(?:u|c|thread|chat)\/)/;

/**
 * The player (docs/product/listening.md "Player"), fixed at the bottom of the screen: on every screen that lists
 * waves, and on every other screen while a wave is chosen (so playback stays in reach). An
 * idle, disabled bar on the sign-in form or the recorder would only be in the way.
 */
export function PlayerBar() {
  const { t } = useLingui();
  const wave = usePlayer(currentWave);
  const status = usePlayer((s) => s.status);
  const position = usePlayer((s) => Math.floor(s.position));
  const duration = usePlayer((s) => Math.round(s.duration));
  const volume = usePlayer((s) => s.volume);
  const muted = usePlayer((s) => s.muted);
  const rate = usePlayer((s) => s.rate);
  const autoplay = usePlayer((s) => s.autoplay);
  const needsTap = usePlayer((s) => s.needsTap);
  const atStart = usePlayer((s) => s.index <= 0);
  const atEnd = usePlayer((s) => s.index < 0 || s.index >= s.queue.length - 1);
  const me = useCurrentUser();
  const onWaveListPage = useRouterState({
    select: (state) => WAVE_LIST_PAGES.test(state.location.pathname),
  });

  useEffect(() => setPlayBeep(me?.play_beep !== false), [me?.play_beep]);
  useEffect(() => onPlayerError((message) => notify(message)), []);

  // Phones fold mute and volume behind one button (docs/product/listening.md "Player").
  const [volumeOpen, setVolumeOpen] = useState(false);
  const volumeArea = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!volumeOpen) return;
    const close = (event: Event) =>
      volumeArea.current?.contains(event.target as Node) || setVolumeOpen(false);
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [volumeOpen]);

  const disabled = wave === null;
  const playing = status === 'playing';
  const nextRate =
    PLAYBACK_RATES[
      (PLAYBACK_RATES.indexOf(rate as (typeof PLAYBACK_RATES)[number]) + 1) % PLAYBACK_RATES.length
    ] ?? 1;

  if (wave === null && !onWaveListPage) return null;

  return (
    <section className="player" aria-label={t`Player`} data-status={status}>
      <div className="player__now">
        {wave ? (
          <p className="player__title">
            <span className="player__wave">{wave.title || t`Untitled wave`}</span>
            <span className="player__user">@{wave.username}</span>
          </p>
        ) : (
          <p className="player__title player__title--empty">
            <Trans>Choose a wave to listen</Trans>
          </p>
        )}
        {needsTap && (
          <p className="player__hint" role="status">
            <Trans>Tap play to listen</Trans>
          </p>
        )}
      </div>
      <div className="player__seek">
        <span className="player__time" aria-hidden="true">
          {formatDuration(position)}
        </span>
        <input
          type="range"
          className="player__range"
          min={0}
          max={Math.max(duration, 1)}
          step={1}
          value={Math.min(position, Math.max(duration, 1))}
          disabled={disabled || status === 'idle'}
          onChange={(event) => seek(Number(event.target.value))}
          aria-label={t`Position`}
          aria-valuetext={`${formatDuration(position)} / ${formatDuration(duration)}`}
        />
        <span className="player__time" aria-hidden="true">
          {formatDuration(duration)}
        </span>
      </div>
      <div className="player__controls">
        <button
          type="button"
          className="player__button"
          onClick={previous}
          disabled={disabled || atStart}
          aria-label={t`Previous`}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 5h2v14H6zM20 5v14L9 12z" />
          </svg>
        </button>
        <button
          type="button"
          className="player__button player__button--main"
          onClick={togglePlay}
          disabled={disabled}
          aria-label={playing ? t`Pause` : t`Play`}
        >
          {playing ? (
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 5h4v14H6zM14 5h4v14h-4z" />
            </svg>
          ) : status === 'loading' ? (
            <span className="player__spinner" aria-hidden="true" />
          ) : (
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M7 4v16l13-8z" />
            </svg>
          )}
        </button>
        <button
          type="button"
          className="player__button"
          onClick={stop}
          disabled={disabled || status === 'idle'}
          aria-label={t`Stop`}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6h12v12H6z" />
          </svg>
        </button>
        <button
          type="button"
          className="player__button"
          onClick={next}
          disabled={disabled || atEnd}
          aria-label={t`Next`}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M16 5h2v14h-2zM4 5v14l11-7z" />
          </svg>
        </button>
        <button
          type="button"
          className="player__button player__button--text"
          onClick={() => setRate(nextRate)}
          aria-label={t`Playback speed ${rate}×`}
        >
          {rate}×
        </button>
        <button
          type="button"
          className="player__button player__button--text"
          onClick={() => setAutoplay(!autoplay)}
          aria-pressed={autoplay}
          title={t`Play the next wave automatically`}
        >
          <Trans>Auto</Trans>
        </button>
        <div
          className="player__volume-area"
          ref={volumeArea}
          onKeyDown={(event) => event.key === 'Escape' && setVolumeOpen(false)}
        >
          <button
            type="button"
            className="player__button player__volume-toggle"
            onClick={() => setVolumeOpen((open) => !open)}
            aria-expanded={volumeOpen}
            aria-controls="player-volume"
            aria-label={t`Volume`}
          >
            <SpeakerIcon muted={muted || volume === 0} />
          </button>
          <div className="player__volume" id="player-volume" data-open={volumeOpen}>
            <button
              type="button"
              className="player__button"
              onClick={toggleMute}
              aria-pressed={muted}
              aria-label={muted ? t`Unmute` : t`Mute`}
            >
              <SpeakerIcon muted={muted || volume === 0} />
            </button>
            <input
              type="range"
              className="player__range player__range--volume"
              min={0}
              max={100}
              step={1}
              value={volume}
              onChange={(event) => setVolume(Number(event.target.value))}
              aria-label={t`Volume`}
            />
          </div>
        </div>
      </div>
    </section>
  );
}

function SpeakerIcon({ muted }: { muted: boolean }) {
  return muted ? (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M4 9h4l5-4v14l-5-4H4zM16 9l5 6M21 9l-5 6"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
      />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 9h4l5-4v14l-5-4H4z" />
      <path
        d="M16 8a5 5 0 0 1 0 8M18.5 5.5a9 9 0 0 1 0 13"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
      />
    </svg>
  );
}
