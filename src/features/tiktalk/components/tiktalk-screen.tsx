import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
} from 'react';
import type { WaveListItem } from '../../../api/contract/wave.ts';
import { likeWave } from '../../../api/like-wave.ts';
import { notify } from '../../../components/ui/notices.tsx';
import { usePlayer } from '../../../lib/audio/player-store.ts';
import { isNetworkError, useOnline } from '../../../lib/online-status.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useSession } from '../../../lib/session.ts';
import { storage, storedLanguage } from '../../../lib/storage.ts';
import { FeedLoadError, feedSource, useFeedPages } from '../api/get-feed-page.ts';
import {
  FEED_MAX_WIDTH_PX,
  LOAD_MORE_WITHIN,
  MAX_DISLIKES,
  PRELOAD_AHEAD,
  PRELOAD_BEHIND,
} from '../feed-constants.ts';
import {
  parseStack,
  popContext,
  pushContext,
  stackKey,
  stackSearch,
  topContext,
  type FeedContext,
  type FeedStack,
  type FeedTab,
  type OpenedContext,
} from '../feed-context.ts';
import { FeedPlayback, isSoundOn, subscribeSound } from '../feed-playback.ts';
import { useFeedGestures } from '../hooks/use-feed-gestures.ts';
import { usePlaybackState } from '../hooks/use-playback-state.ts';
import { ControlsHelp, isDesktopPointer } from './controls-help.tsx';
import { FeedBottomNav } from './feed-bottom-nav.tsx';
import { FeedErrorCatcher } from './feed-error-catcher.tsx';
import { FeedIcon } from './feed-icons.tsx';
import { FeedItem } from './feed-item.tsx';
import { ShareOverlay } from './share-overlay.tsx';
import './tiktalk.css';

/** Where the viewer was in each context this visit, so back returns to the same wave. */
const positions = new Map<string, number>();
/** The channel of the last wave on screen: where RECORD A MESSAGE records into. */
let lastKnownChannelId: number | null = null;

/** `/tiktalk`: the short-video feed (docs/product/listening.md "Short-video feed"). */
export function TiktalkScreen({
  tab,
  open,
}: {
  tab?: string | undefined;
  open?: string | undefined;
}) {
  return (
    <FeedErrorCatcher>
      <FeedScreen stack={useMemo(() => parseStack(tab, open), [tab, open])} />
    </FeedErrorCatcher>
  );
}

function useContextTitle(context: FeedContext): string {
  const { t } = useLingui();
  switch (context.kind) {
    case 'channel':
      return `#${context.channelName}`;
    case 'user':
      return `@${context.username}`;
    case 'replies':
      return t`Replies`;
    case 'tab':
      return {
        foryou: t`For You`,
        discover: t({ message: 'Discover', context: 'feed tab' }),
        following: t({ message: 'Following', context: 'feed' }),
        library: t`Your waves`,
      }[context.tab];
  }
}

function FeedScreen({ stack }: { stack: FeedStack }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const session = useSession();
  const online = useOnline();
  const pushed = useRouterState({ select: (state) => state.location.state.tiktalkPushed === true });
  const context = topContext(stack);
  const key = stackKey(stack);
  const title = useContextTitle(context);
  const source = feedSource(context, {
    language: storedLanguage() ?? 'en',
    userId: session.userId,
    username: session.username,
  });
  const pages = useFeedPages(session.known ? source : null);
  const waves = useMemo(() => pages.data?.pages.flatMap((page) => page.waves) ?? [], [pages.data]);

  const playback = useMemo(
    () => new FeedPlayback(positions.get(key) ?? 0, (index) => positions.set(key, index)),
    [key],
  );
  useEffect(() => {
    playback.start();
    return () => playback.stop();
  }, [playback]);
  const track = useRef<HTMLDivElement>(null);
  const snapshot = usePlaybackState(playback, track);
  const soundOn = useSyncExternalStore(subscribeSound, isSoundOn);
  const index = Math.min(snapshot.index, Math.max(0, waves.length - 1));
  const current = waves[index];
  useEffect(() => {
    if (current) lastKnownChannelId = current.channel_id;
  }, [current]);

  useEffect(() => {
    playback.setItems(waves.map((wave) => wave.wave_name));
  }, [playback, waves]);

  // The next page comes from the list's own cursor once the viewer is near the end.
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  useEffect(() => {
    if (
      waves.length > 0 &&
      index >= waves.length - 1 - LOAD_MORE_WITHIN &&
      hasNextPage &&
      !isFetchingNextPage &&
      !isFetchNextPageError
    )
      void fetchNextPage();
  }, [index, waves.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // The player bar and the feed never play at once: whichever starts last wins.
  // (The feed quiets the bar when it starts; the bar's engine reports that a moment later.)
  const barStatus = usePlayer((state) => state.status);
  const lastBarStatus = useRef(barStatus);
  useEffect(() => {
    if (barStatus === 'playing' && lastBarStatus.current !== 'playing') playback.pauseCurrent();
    lastBarStatus.current = barStatus;
  }, [barStatus, playback]);

  const [sharing, setSharing] = useState<WaveListItem | null>(null);
  const [help, setHelp] = useState(isDesktopPointer);
  const closeHelp = useCallback(() => setHelp(false), []);
  const [dislikes, setDislikes] = useState<ReadonlySet<string>>(
    () => new Set(storage.get('feed-dislikes') ?? []),
  );

  const open = useCallback(
    (opened: OpenedContext) => {
      const next = pushContext(stack, opened);
      if (next === stack) return;
      void navigate({ to: '/tiktalk', search: stackSearch(next), state: { tiktalkPushed: true } });
    },
    [navigate, stack],
  );
  const back = () => {
    if (pushed) router.history.back();
    else void navigate({ to: '/tiktalk', search: stackSearch(popContext(stack)), replace: true });
  };
  const atRoot = stack.opened.length === 0;
  const chooseTab = useCallback(
    (tab: FeedTab) => {
      if (tab === stack.tab && atRoot) playback.goTo(0);
      else void navigate({ to: '/tiktalk', search: stackSearch({ tab, opened: [] }) });
    },
    [stack.tab, atRoot, playback, navigate],
  );

  const onLike = useCallback(
    (wave: WaveListItem) => {
      if (!session.signedIn) {
        notify(t`Sign in to like waves.`, { kind: 'info' });
        return;
      }
      if (wave.user_has_liked) return;
      // Like and dislike exclude each other; a like cannot be taken back, a dislike can.
      setDislikes((previous) => {
        if (!previous.has(wave.wave_name)) return previous;
        const next = new Set(previous);
        next.delete(wave.wave_name);
        storage.set('feed-dislikes', [...next].slice(-MAX_DISLIKES));
        return next;
      });
      void likeWave(queryClient, wave.wave_name);
    },
    [queryClient, session.signedIn, t],
  );
  const onDislike = useCallback((waveName: string) => {
    setDislikes((previous) => {
      const next = new Set(previous);
      if (next.has(waveName)) next.delete(waveName);
      else next.add(waveName);
      storage.set('feed-dislikes', [...next].slice(-MAX_DISLIKES));
      return next;
    });
  }, []);

  const surface = useRef<HTMLDivElement>(null);
  useFeedGestures(surface, track, {
    next: playback.next,
    previous: playback.previous,
    tap: () => {
      if (!isSoundOn()) {
        playback.setSound(true);
        return true;
      }
      const { paused, blocked } = playback.getSnapshot();
      if (paused || blocked) {
        playback.resume();
        return true;
      }
      return false;
    },
    togglePause: () => playback.togglePause(),
    toggleSound: () => playback.setSound(!isSoundOn()),
    enabled: () => sharing === null,
  });

  // The window follows the wave on screen when the page is idle (usePlaybackState); it always
  // holds the current wave and the ones next to it.
  const windowIndex = Math.abs(snapshot.windowIndex - index) <= 1 ? snapshot.windowIndex : index;
  const first = Math.max(0, windowIndex - PRELOAD_BEHIND);
  const last = Math.min(waves.length - 1, windowIndex + PRELOAD_AHEAD);
  const windowWaves = waves.slice(first, last + 1);
  const storedChannel = storage.get('last_used_channel_id');
  const knownChannel = current?.channel_id ?? lastKnownChannelId;
  const recordChannel =
    knownChannel !== null
      ? String(knownChannel)
      : storedChannel && /^\d+$/.test(storedChannel)
        ? storedChannel
        : undefined;
  const inRepliesOf = context.kind === 'replies' ? context.waveName : null;
  const style = { '--tiktalk-max-width': `${FEED_MAX_WIDTH_PX}px` } as CSSProperties;

  return (
    <div className="tiktalk" style={style}>
      <div className="tiktalk__column">
        <header className="tiktalk-status">
          {!atRoot && (
            <button type="button" className="tiktalk-status__button" onClick={back}>
              <FeedIcon name="back" />
              <span className="visually-hidden">{t`Back`}</span>
            </button>
          )}
          <h1 className="tiktalk-status__title">{title}</h1>
          <button
            type="button"
            className="tiktalk-status__button"
            aria-pressed={snapshot.paused}
            onClick={() => playback.togglePause()}
            disabled={!current}
          >
            <FeedIcon name={snapshot.paused ? 'play' : 'pause'} />
            <span className="visually-hidden">{t`Pause`}</span>
          </button>
          <button
            type="button"
            className="tiktalk-status__button"
            aria-pressed={!soundOn}
            onClick={() => playback.setSound(!soundOn)}
          >
            <FeedIcon name={soundOn ? 'soundOn' : 'soundOff'} />
            <span className="visually-hidden">{t`Mute`}</span>
          </button>
          {isDesktopPointer() && (
            <button
              type="button"
              className="tiktalk-status__button"
              aria-expanded={help}
              onClick={() => setHelp((shown) => !shown)}
            >
              <FeedIcon name="help" />
              <span className="visually-hidden">{t`Controls`}</span>
            </button>
          )}
        </header>

        <div className="tiktalk__viewport" ref={surface}>
          {!online && (
            <p className="tiktalk-offline" role="status">
              <Trans>You are offline. Waves saved on this device still play.</Trans>
            </p>
          )}
          <section
            className="tiktalk__feed"
            aria-label={t`Short videos: ${title}`}
            aria-describedby="tiktalk-keys"
            tabIndex={0}
          >
            <p id="tiktalk-keys" className="visually-hidden">
              <Trans>
                Up and down arrow keys move between waves, Space pauses, M turns the sound on or
                off.
              </Trans>
            </p>
            <div
              ref={track}
              className="tiktalk__track"
              style={{ '--feed-index': index } as CSSProperties}
            >
              {windowWaves.map((wave, offset) => (
                <FeedItem
                  key={wave.wave_name}
                  wave={wave}
                  index={first + offset}
                  total={waves.length}
                  current={first + offset === index}
                  playback={playback}
                  viewerId={session.userId}
                  disliked={dislikes.has(wave.wave_name)}
                  inRepliesOf={inRepliesOf}
                  onOpen={open}
                  onLike={onLike}
                  onDislike={onDislike}
                  onShare={setSharing}
                />
              ))}
            </div>
          </section>
          <FeedStatus
            source={source !== null}
            known={session.known}
            pages={pages}
            empty={waves.length === 0}
            title={title}
            online={online}
          />
          {current && !soundOn && (
            <button
              type="button"
              className="tiktalk-sound-hint"
              onClick={() => playback.setSound(true)}
            >
              <FeedIcon name="soundOff" />
              <Trans>Tap for sound</Trans>
            </button>
          )}
          {current && snapshot.blocked && (
            <button type="button" className="tiktalk-play" onClick={() => playback.resume()}>
              <FeedIcon name="play" filled />
              <span className="visually-hidden">{t`Play`}</span>
            </button>
          )}
          {current && snapshot.loading && !snapshot.failed && (
            <div className="tiktalk-loading" role="status">
              <span className="tiktalk-loading__spinner" aria-hidden="true" />
              <span className="visually-hidden">
                <Trans>Loading…</Trans>
              </span>
            </div>
          )}
          {current && snapshot.failed && (
            <p className="tiktalk-failed" role="status">
              {online ? (
                <Trans>This wave could not be played.</Trans>
              ) : (
                <Trans>This wave is not available offline.</Trans>
              )}
            </p>
          )}
          {isFetchNextPageError && index >= waves.length - 1 && (
            <div className="tiktalk-more-error" role="alert">
              <p>
                <FeedErrorText error={pages.error} />
              </p>
              <button
                type="button"
                className="button button--small"
                onClick={() => void fetchNextPage()}
              >
                <Trans>Try again</Trans>
              </button>
            </div>
          )}
          <p className="visually-hidden" aria-live="polite">
            {current
              ? t`${index + 1} of ${waves.length}: ${current.title || t`Untitled wave`} by @${current.username}`
              : ''}
          </p>
          <RecordLink channelId={recordChannel} />
          {help && <ControlsHelp onClose={closeHelp} />}
        </div>

        <FeedBottomNav tab={stack.tab} atRoot={atRoot} onTab={chooseTab} />
      </div>
      {sharing && <ShareOverlay wave={sharing} onClose={() => setSharing(null)} />}
    </div>
  );
}

/** RECORD A MESSAGE, into the channel of the wave on screen; memoised: a swipe rarely changes it. */
const RecordLink = memo(function RecordLink({ channelId }: { channelId: string | undefined }) {
  return (
    <Link
      to="/recorder/{-$channel_id}"
      params={{ channel_id: channelId }}
      className="tiktalk-record"
    >
      <span className="tiktalk-record__dot" aria-hidden="true" />
      <span className="tiktalk-record__label">
        <Trans>RECORD A MESSAGE</Trans>
      </span>
    </Link>
  );
});

/** A failed page, in the feed's words (docs/product/listening.md "Short-video feed"). */
function FeedErrorText({ error }: { error: unknown }) {
  const { t } = useLingui();
  if (error instanceof FeedLoadError) {
    return error.kind === 'format'
      ? t`Invalid API response format`
      : t`API responded with status: ${error.status}`;
  }
  if (isNetworkError(error)) return t`You are offline, and this feed is not saved on this device.`;
  return translateServerMessage(error instanceof Error ? error.message : String(error));
}

/** Loading, failed, empty, or a sign-in to ask for: what stands where the waves would be. */
function FeedStatus({
  source,
  known,
  pages,
  empty,
  title,
  online,
}: {
  source: boolean;
  known: boolean;
  pages: ReturnType<typeof useFeedPages>;
  empty: boolean;
  title: string;
  online: boolean;
}) {
  if (!known) return null;
  if (!source) {
    return (
      <div className="tiktalk-state">
        <p>
          <Trans>Sign in to see these waves.</Trans>
        </p>
        <Link to="/signin" className="button button--primary">
          <Trans>Sign in</Trans>
        </Link>
      </div>
    );
  }
  if (pages.isPending && pages.fetchStatus === 'paused') {
    // Offline, and neither the page nor the service worker has this feed.
    return (
      <div className="tiktalk-state" role="alert">
        <p>
          <Trans>You are offline, and this feed is not saved on this device.</Trans>
        </p>
      </div>
    );
  }
  if (pages.isPending) {
    return (
      <div className="tiktalk-state" role="status">
        <span className="tiktalk-loading__spinner" aria-hidden="true" />
        <p>
          <Trans>Loading…</Trans>
        </p>
      </div>
    );
  }
  if (pages.isError && empty) {
    return (
      <div className="tiktalk-state" role="alert">
        <p>
          <FeedErrorText error={pages.error} />
        </p>
        {online && (
          <button type="button" className="button" onClick={() => void pages.refetch()}>
            <Trans>Try again</Trans>
          </button>
        )}
      </div>
    );
  }
  if (empty) {
    return (
      <div className="tiktalk-state">
        <p>
          <Trans>No videos found for {title}</Trans>
        </p>
      </div>
    );
  }
  return null;
}
