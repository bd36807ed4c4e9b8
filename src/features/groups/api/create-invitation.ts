import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import type { InvitationCreateBody } from '../../../api/contract/chat.ts';
import * as groupKeys from './group-keys.ts';

/** POST /channel/chat/{channel_id}/invitationcreate: the invitation goes out by SMS or e-mail. */
export function useCreateInvitation(channelName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationCreateBody) =>
      apiRequest<{ invitation_id: number }>(`/channel/chat/${body.channel_id}/invitationcreate`, {
        method: 'POST',
        body,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: groupKeys.invitations(channelName) }),
  });
}
