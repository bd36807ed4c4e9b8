import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { Channel } from '../../../api/contract/channel.ts';
import type { WaveMetadata } from '../../../api/contract/wave.ts';

/** The channel a recording goes to (GET /channel/info/{channel_id}). */
export const channelInfoQuery = (channelId: number) =>
  queryOptions({
    queryKey: ['channel', 'info', channelId],
    queryFn: () => apiData<Channel>(`/channel/info/${channelId}`),
    staleTime: 5 * 60_000,
  });

/** The wave a reply answers (GET /wave/metadata/{wave_name}, first item). */
export const replyTargetQuery = (waveName: string) =>
  queryOptions({
    queryKey: ['waves', 'metadata', waveName],
    queryFn: async () =>
      (
        await apiData<WaveMetadata[]>(`/wave/metadata/${encodeURIComponent(waveName)}`, {
          noCache: true,
        })
      )[0] ?? null,
  });

export function useChannelInfo(channelId: number | undefined) {
  return useQuery({ ...channelInfoQuery(channelId ?? 0), enabled: channelId !== undefined });
}

export function useReplyTarget(waveName: string | undefined) {
  return useQuery({ ...replyTargetQuery(waveName ?? ''), enabled: waveName !== undefined });
}

/** The recorder's channel picker: the caller's most recent channels first. */
export const recentChannelsQuery = (language: string) =>
  queryOptions({
    queryKey: ['channels', 'byusermostrecent', language],
    queryFn: () => apiData<Channel[]>(`/channel/list/byusermostrecent/${language}`),
  });

export function useRecentChannels(language: string) {
  return useQuery(recentChannelsQuery(language));
}
