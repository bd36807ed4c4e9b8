import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { Channel } from '../../../api/contract/channel.ts';
import * as channelKeys from '../../../api/channel-keys.ts';

/** GET /channel/list/bylanguage/{lang}: the public channels of a language. */
export const channelsByLanguageQuery = (language: string) =>
  queryOptions({
    queryKey: channelKeys.byLanguage(language),
    queryFn: () => apiData<Channel[]>(`/channel/list/bylanguage/${language}`),
  });

export function useChannelsByLanguage(language: string) {
  return useQuery(channelsByLanguageQuery(language));
}
