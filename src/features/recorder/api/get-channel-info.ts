import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { Channel } from '../../../api/contract/channel.ts';

/** GET /channel/info/{channel_id}: the channel a recording goes to. */
export const channelInfoQuery = (channelId: number) =>
  queryOptions({
    queryKey: ['channel', 'info', channelId],
    queryFn: () => apiData<Channel>(`/channel/info/${channelId}`),
    staleTime: 5 * 60_000,
  });

export function useChannelInfo(channelId: number | undefined) {
  return useQuery({ ...channelInfoQuery(channelId ?? 0), enabled: channelId !== undefined });
}
