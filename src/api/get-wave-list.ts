import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, ApiFailure, isNotFound } from './client.ts';
import type { WaveListItem } from './contract/wave.ts';
import * as waveKeys from './wave-keys.ts';
import { CACHED_AT_HEADER } from '../lib/sw-messages.ts';

export type WaveListSource =
  | { kind: 'newest' | 'trending'; language: string }
  | { kind: 'following'; userId: number }
  | { kind: 'user'; username: string }
  | { kind: 'channel'; channelName: string }
  /** A chat group's waves: members only (docs/product/channels-and-groups.md "Chat groups"). */
  | { kind: 'chatgroup'; channelName: string };

export const WAVE_PAGE_SIZE = 30;

/** The list's call (docs/product/api.md "Wave calls"). */
export function waveListPath(source: WaveListSource): string {
  switch (source.kind) {
    case 'newest':
      return `/wave/wavelistpublicnewest/${source.language}`;
    case 'trending':
      return `/wave/wavelistpublictrending/${source.language}`;
    case 'following':
      return `/wave/wavelistpublicfollowing/${source.userId}`;
    case 'user':
      return `/wave/wavelistpublicbyusername/${encodeURIComponent(source.username)}`;
    case 'channel':
      return `/wave/wavelistpublicbychannelname/${encodeURIComponent(source.channelName)}`;
    case 'chatgroup':
      return `/channel/chat/${encodeURIComponent(source.channelName)}/waves`;
  }
}

/** A stable name for a list: the query key's tail and the player's queue key. */
export function waveListKey(source: WaveListSource): string {
  switch (source.kind) {
    case 'newest':
    case 'trending':
      return `${source.kind}:${source.language}`;
    case 'following':
      return `following:${source.userId}`;
    case 'user':
      return `user:${source.username.toLowerCase()}`;
    case 'channel':
      return `channel:${source.channelName.toLowerCase()}`;
    case 'chatgroup':
      return `chatgroup:${source.channelName.toLowerCase()}`;
  }
}

/**
 * A list request that failed; its message ("Failed to fetch waves: {status} {statusText}") fills
 * the list's error state (docs/product/listening.md "Lists").
 */
export class WaveListError extends Error {}

/** One page of a list; `cachedAt` is set when the service worker answered from its cache. */
export interface WavePage {
  waves: WaveListItem[];
  cachedAt: number | null;
}

/**
 * One page of any keyset-paged wave call: `path` with `?after=&limit=`; `pick` takes the waves
 * out of the reply's data (a list's data is the array itself).
 */
export async function fetchWavePage<T = WaveListItem[]>(
  path: string,
  after: string | undefined,
  limit: number,
  pick: (data: T) => WaveListItem[] = (data) => data as WaveListItem[],
): Promise<WavePage> {
  let cachedAt: number | null = null;
  const reply = await apiRequest<T>(path, {
    query: { after, limit },
    onResponse: (response) => {
      const stamp = Number(response.headers.get(CACHED_AT_HEADER));
      cachedAt = Number.isFinite(stamp) && stamp > 0 ? stamp : null;
    },
  });
  if (isNotFound(reply)) throw new WaveListError('Failed to fetch waves: 404 Not Found');
  if (!reply.success || !reply.data) throw new ApiFailure(reply);
  return { waves: pick(reply.data), cachedAt };
}

export function waveListQuery(source: WaveListSource) {
  return infiniteQueryOptions({
    queryKey: waveKeys.list(waveListKey(source)),
    queryFn: ({ pageParam }) => fetchWavePage(waveListPath(source), pageParam, WAVE_PAGE_SIZE),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: WavePage) =>
      page.waves.length < WAVE_PAGE_SIZE ? undefined : page.waves.at(-1)?.cursor,
  });
}

export function useWaveList(source: WaveListSource) {
  return useInfiniteQuery(waveListQuery(source));
}
