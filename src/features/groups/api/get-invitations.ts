import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { ChatInvitation } from '../../../api/contract/chat.ts';
import * as groupKeys from './group-keys.ts';

/** GET /channel/chat/{channel_name}/invitations: the group's invitations (its admin). */
export const invitationsQuery = (channelName: string) =>
  queryOptions({
    queryKey: groupKeys.invitations(channelName),
    queryFn: () =>
      apiData<ChatInvitation[]>(`/channel/chat/${encodeURIComponent(channelName)}/invitations`, {
        noCache: true,
      }),
  });

export function useInvitations(channelName: string, enabled: boolean) {
  return useQuery({ ...invitationsQuery(channelName), enabled });
}
