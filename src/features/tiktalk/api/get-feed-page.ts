import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TransportError, transportErrors } from '../../../api/client.ts';
import type { WaveListItem, WaveThread } from '../../../api/contract/wave.ts';
import {
  fetchWavePage,
  WaveListError,
  waveListKey,
  waveListPath,
  type WaveListSource,
  type WavePage,
} from '../../../api/get-wave-list.ts';
import * as waveKeys from '../../../api/wave-keys.ts';
import { FEED_PAGE_SIZE } from '../feed-constants.ts';
import type { FeedContext } from '../feed-context.ts';

/** Who is looking: the lists For You, Discover, Following and Library depend on it. */
export interface FeedViewer {
  language: string;
  userId: number | null;
  username: string | null;
}

/**
 * What the feed reads for a context: one of the wave lists, or a wave's replies (the thread call,
 * paged the same way). Null when the context needs a signed-in viewer and there is none.
 */
export type FeedSource =
  { kind: 'list'; list: WaveListSource } | { kind: 'replies'; waveName: string };

export function feedSource(context: FeedContext, viewer: FeedViewer): FeedSource | null {
  const list = (source: WaveListSource): FeedSource => ({ kind: 'list', list: source });
  switch (context.kind) {
    case 'channel':
      return list({ kind: 'channel', channelName: context.channelName });
    case 'user':
      return list({ kind: 'user', username: context.username });
    case 'replies':
      return { kind: 'replies', waveName: context.waveName };
    case 'tab':
      switch (context.tab) {
        case 'foryou':
          return list({ kind: 'newest', language: viewer.language });
        case 'discover':
          return list({ kind: 'trending', language: viewer.language });
        case 'following':
          return viewer.userId === null ? null : list({ kind: 'following', userId: viewer.userId });
        case 'library':
          return viewer.username === null
            ? null
            : list({ kind: 'user', username: viewer.username });
      }
  }
}

/**
 * The feed's own failures, in the texts of docs/product/listening.md "Short-video feed":
 * a reply with a failing status, or one whose data is not a list of waves.
 */
export class FeedLoadError extends Error {
  constructor(
    readonly kind: 'status' | 'format',
    readonly status: number | null = null,
  ) {
    super(
      kind === 'format' ? 'Invalid API response format' : `API responded with status: ${status}`,
    );
    this.name = 'FeedLoadError';
  }
}

/**
 * Whether the data can be shown as waves: the fields the feed locates and labels a wave by.
 * (The contract's zod schema stays out of screens; this is its part the feed relies on.)
 */
function isWaveList(value: unknown): value is WaveListItem[] {
  if (!Array.isArray(value)) return false;
  return value.every((item: Partial<Record<keyof WaveListItem, unknown>> | null) => {
    if (typeof item !== 'object' || item === null) return false;
    const strings = [item.wave_name, item.username, item.channel_name, item.cursor];
    const numbers = [item.user_id, item.channel_id, item.created_epoch_day, item.duration];
    return (
      strings.every((field) => typeof field === 'string') &&
      numbers.every((field) => typeof field === 'number') &&
      typeof item.title === 'string'
    );
  });
}

/** A reply the feed can show, or the feed's error for it. Other failures pass unchanged. */
async function checkedPage(load: () => Promise<WavePage>): Promise<WavePage> {
  let page: WavePage;
  try {
    page = await load();
  } catch (error) {
    if (error instanceof WaveListError) throw new FeedLoadError('status', 404);
    if (error instanceof TransportError) {
      if (error.message === transportErrors.unparsable) throw new FeedLoadError('format');
      throw new FeedLoadError('status', error.status);
    }
    throw error;
  }
  // Validation only: the items are kept as the server sent them.
  if (!isWaveList(page.waves)) throw new FeedLoadError('format');
  return page;
}

function fetchFeedPage(source: FeedSource, after: string | undefined): Promise<WavePage> {
  if (source.kind === 'list') {
    return checkedPage(() => fetchWavePage(waveListPath(source.list), after, FEED_PAGE_SIZE));
  }
  return checkedPage(() =>
    fetchWavePage<WaveThread>(
      `/wave/thread/${encodeURIComponent(source.waveName)}`,
      after,
      FEED_PAGE_SIZE,
      (thread) => thread?.replies,
    ),
  );
}

/** Under `waveKeys.lists()`, so a like anywhere marks the wave liked here too. */
export function feedPagesQuery(source: FeedSource) {
  const name = source.kind === 'list' ? waveListKey(source.list) : `replies:${source.waveName}`;
  return infiniteQueryOptions({
    queryKey: waveKeys.list(`tiktalk:${name}`),
    queryFn: ({ pageParam }) => fetchFeedPage(source, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: WavePage) =>
      page.waves.length < FEED_PAGE_SIZE ? undefined : page.waves.at(-1)?.cursor,
    // Offline, one try still goes out: the service worker may answer with its saved copy.
    networkMode: 'offlineFirst',
  });
}

export function useFeedPages(source: FeedSource | null) {
  const disabled = { kind: 'replies', waveName: '' } as const;
  return useInfiniteQuery({ ...feedPagesQuery(source ?? disabled), enabled: source !== null });
}
