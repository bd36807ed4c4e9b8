import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { RemoveMemberBody } from '../../../api/contract/chat.ts';
import * as groupKeys from './group-keys.ts';

/** POST /channel/chat/{channel_id}/memberremove (admin): another member leaves the group. */
export function useRemoveMember(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RemoveMemberBody) =>
      apiData<{ user_id: number }>(`/channel/chat/${channelId}/memberremove`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all() }),
  });
}
