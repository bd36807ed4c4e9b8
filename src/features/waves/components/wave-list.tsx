import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WaveListItem } from '../../../api/contract/wave.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import {
  playFromList,
  onWaveSelected,
  preloadPlayer,
  primeBeep,
  refreshQueue,
} from '../../../lib/audio/player.ts';
import { usePlayer } from '../../../lib/audio/player-store.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useDudeMode } from '../../../lib/feature-flags.ts';
import { isMobileUserAgent } from '../../../lib/device.ts';
import { afterFirstScreen, isFirstScreenPending } from '../../../lib/first-screen.ts';
import { useSession } from '../../../lib/session.ts';
import { useLikeWave } from '../../../api/like-wave.ts';
import { logView } from '../../../api/log-view.ts';
import { useWaveList, waveListKey, type WaveListSource } from '../../../api/get-wave-list.ts';
import { notify } from '../../../components/ui/notices.tsx';
import { audioUrl } from '../../../lib/media-urls.ts';
import { describeForOffline, setKeptOffline, useOfflineAudio } from '../../../lib/offline-audio.ts';
import { isOnline, useOnline } from '../../../lib/online-status.ts';
import { useRowLinks } from '../hooks/use-row-links.ts';
import { useRowsInSteps } from '../hooks/use-rows-in-steps.ts';
import { CachedListNotice } from './cached-list-notice.tsx';
import { WaveRow } from './wave-row.tsx';
import './waves.css';

/** Waves this browser played in this visit: shown as viewed before the list refetches. */
const viewedHere = new Set<string>();

export interface WaveListViewProps {
  waves: readonly WaveListItem[];
  queueKey: string;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => void;
  /** How many pages are loaded (bounds the deep-link search). */
  pageCount?: number;
  selectedWaveName?: string | undefined;
  emptyText?: string | undefined;
  /** When the list is the service worker's offline copy: when that copy was made. */
  cachedAt?: number | null;
  /** A chat group's list: rows link inside the group (WaveRow `inGroup`). */
  inGroup?: boolean;
}

/** A list of waves from its source, paging on scroll (docs/product/listening.md "Lists"). */
export function WaveList({
  source,
  selectedWaveName,
  emptyText,
}: {
  source: WaveListSource;
  selectedWaveName?: string | undefined;
  emptyText?: string | undefined;
}) {
  const list = useWaveList(source);
  const waves = useMemo(() => list.data?.pages.flatMap((page) => page.waves) ?? [], [list.data]);
  const cachedAt = useMemo(() => {
    const stamps = (list.data?.pages ?? [])
      .map((page) => page.cachedAt)
      .filter((stamp) => stamp !== null);
    return stamps.length > 0 ? Math.min(...stamps) : null;
  }, [list.data]);
  return (
    <WaveListView
      waves={waves}
      queueKey={waveListKey(source)}
      isPending={list.isPending}
      // A list that failed to revalidate keeps what it shows (a saved copy, with its age).
      error={list.isRefetchError ? null : list.error}
      onRetry={() => void list.refetch()}
      hasNextPage={list.hasNextPage}
      isFetchingNextPage={list.isFetchingNextPage}
      fetchNextPage={() => void list.fetchNextPage()}
      pageCount={list.data?.pages.length ?? 0}
      selectedWaveName={selectedWaveName}
      emptyText={emptyText}
      cachedAt={cachedAt}
      inGroup={source.kind === 'chatgroup'}
    />
  );
}

/**
 * Rows with their loading, empty and error states, and a deep link (`selectedWaveName`)
 * that scrolls to a wave, selects it and plays it.
 */
export function WaveListView({
  waves,
  queueKey,
  isPending,
  error,
  onRetry,
  hasNextPage = false,
  isFetchingNextPage = false,
  fetchNextPage,
  pageCount = 1,
  selectedWaveName,
  emptyText,
  cachedAt = null,
  inGroup = false,
}: WaveListViewProps) {
  const { t } = useLingui();
  const session = useSession();
  const me = useCurrentUser();
  const dudeMode = useDudeMode();
  const like = useLikeWave();
  const playing = usePlayer((state) =>
    state.queueKey === queueKey ? state.queue[state.index]?.wave_name : undefined,
  );
  const [, setViewedVersion] = useState(0);
  const mobile = useMemo(() => isMobileUserAgent(), []);
  const online = useOnline();
  const offlineAudio = useOfflineAudio();
  const rowLinks = useRowLinks();

  useEffect(
    () =>
      onWaveSelected((wave) => {
        if (viewedHere.has(wave.wave_name)) return;
        viewedHere.add(wave.wave_name);
        logView(wave.wave_name);
        setViewedVersion((version) => version + 1);
      }),
    [],
  );
  useEffect(() => refreshQueue(waves, queueKey), [waves, queueKey]);
  // The beep is decoded ahead (a 2 KB file from the precache), so a tap sounds at once; a tap
  // before that primes it too (preloadPlayer below).
  useEffect(() => afterFirstScreen(primeBeep), []);

  const selectedIndex = selectedWaveName
    ? waves.findIndex((wave) => wave.wave_name === selectedWaveName)
    : -1;
  const rendered = useRowsInSteps(waves.length, {
    atLeast: selectedIndex + 1,
    settled: !isPending,
  });
  const allRendered = rendered >= waves.length;
  // The first screen's list lays out its rows past the first few only when they near the
  // viewport (waves.css); later lists lay out whole, for scroll restoration.
  const [firstList] = useState(isFirstScreenPending);

  // Deep link: page through until the wave is found (bounded), then scroll, select and play.
  const deepLinked = useRef<string | null>(null);
  useEffect(() => {
    if (!selectedWaveName || deepLinked.current === selectedWaveName || isPending) return;
    const index = selectedIndex;
    if (index < 0) {
      if (hasNextPage && !isFetchingNextPage && pageCount < 10) fetchNextPage?.();
      return;
    }
    deepLinked.current = selectedWaveName;
    document.getElementById(`wave-${selectedWaveName}`)?.scrollIntoView({ block: 'center' });
    playFromList(waves, index, queueKey);
  }, [
    selectedWaveName,
    selectedIndex,
    waves,
    isPending,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    pageCount,
    queueKey,
  ]);

  // More pages load when the end of the list scrolls into view (once all its rows are there).
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || !fetchNextPage || !allRendered) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, allRendered]);

  const select = useCallback(
    (index: number) => {
      const wave = waves[index];
      // Offline, a wave whose audio is not on this device cannot play: say so, do not pretend.
      if (wave && !isOnline() && !offlineAudio.cached.has(audioUrl(wave))) {
        notify(t`This wave is not available offline.`, { kind: 'info' });
        return;
      }
      playFromList(waves, index, queueKey);
    },
    [waves, queueKey, offlineAudio, t],
  );
  const keepOffline = useCallback(
    (index: number, keep: boolean) => {
      const wave = waves[index];
      if (!wave) return;
      if (keep) describeForOffline(wave);
      setKeptOffline(audioUrl(wave), keep);
    },
    [waves],
  );
  const onLike = like;

  if (isPending) {
    return (
      <p className="wave-list__status" role="status">
        <Trans>Loading waves…</Trans>
      </p>
    );
  }
  if (error) {
    const message = translateServerMessage(error.message);
    return (
      <div className="wave-list__status wave-list__status--error" role="alert">
        <p>
          <Trans>Error loading waves: {message}</Trans>
        </p>
        <button type="button" className="button button--small" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (waves.length === 0) {
    return <p className="wave-list__status">{emptyText ?? t`No waves here yet.`}</p>;
  }

  return (
    <>
      {cachedAt !== null && <CachedListNotice cachedAt={cachedAt} />}
      {/* The audio engine loads on the first sign of intent (a touch, a hover, keyboard focus),
          not with the page: it is outside the initial JavaScript budget. So does a row link's
          route; the list follows its rows' links (useRowLinks). */}
      <ol
        className={firstList ? 'wave-list wave-list--first' : 'wave-list'}
        aria-label={t`Waves`}
        onClick={rowLinks.onClick}
        onPointerDown={(event) => {
          preloadPlayer();
          rowLinks.onIntent(event);
        }}
        onPointerOver={(event) => {
          preloadPlayer();
          rowLinks.onIntent(event);
        }}
        onFocus={(event) => {
          preloadPlayer();
          rowLinks.onIntent(event);
        }}
      >
        {waves.slice(0, rendered).map((wave, index) => (
          <WaveRow
            key={wave.wave_name}
            wave={wave}
            index={index}
            selected={wave.wave_name === playing}
            viewed={wave.user_has_viewed || viewedHere.has(wave.wave_name)}
            mobile={mobile}
            canLike={session.signedIn}
            canEdit={Boolean(me && (me.user_id === wave.user_id || me.is_admin))}
            onSelect={select}
            onLike={onLike}
            offline={!online}
            availableOffline={offlineAudio.cached.has(audioUrl(wave))}
            keptOffline={offlineAudio.pinned.has(audioUrl(wave))}
            onKeepOffline={keepOffline}
            dudeMode={dudeMode}
            inGroup={inGroup}
          />
        ))}
      </ol>
      <div ref={sentinel} className="wave-list__more">
        {hasNextPage && fetchNextPage && allRendered && (
          <button
            type="button"
            className="button button--small"
            disabled={isFetchingNextPage}
            onClick={fetchNextPage}
          >
            {isFetchingNextPage ? <Trans>Loading more…</Trans> : <Trans>Load more</Trans>}
          </button>
        )}
      </div>
    </>
  );
}
