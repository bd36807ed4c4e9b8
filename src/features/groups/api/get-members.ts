import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { ChatMember } from '../../../api/contract/chat.ts';
import * as groupKeys from './group-keys.ts';

/** GET /channel/chat/{channel_name}/members: members only. */
export const membersQuery = (channelName: string) =>
  queryOptions({
    queryKey: groupKeys.members(channelName),
    queryFn: () =>
      apiData<ChatMember[]>(`/channel/chat/${encodeURIComponent(channelName)}/members`, {
        noCache: true,
      }),
  });

export function useMembers(channelName: string) {
  return useQuery(membersQuery(channelName));
}
