import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { Channel } from '../../../api/contract/channel.ts';
import * as channelKeys from '../../../api/channel-keys.ts';

/** GET /channel/list/byusermostrecent/{lang}: the channel picker, the caller's recent first. */
export const recentChannelsQuery = (language: string) =>
  queryOptions({
    queryKey: channelKeys.mostRecent(language),
    queryFn: () => apiData<Channel[]>(`/channel/list/byusermostrecent/${language}`),
  });

export function useRecentChannels(language: string) {
  return useQuery(recentChannelsQuery(language));
}
