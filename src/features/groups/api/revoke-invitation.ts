import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { ChatInvitation, RevokeInvitationBody } from '../../../api/contract/chat.ts';
import * as groupKeys from './group-keys.ts';

/** POST /channel/chat/{channel_id}/invitationrevoke: a pending invitation stops working. */
export function useRevokeInvitation(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RevokeInvitationBody) =>
      apiData<ChatInvitation>(`/channel/chat/${channelId}/invitationrevoke`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all() }),
  });
}
