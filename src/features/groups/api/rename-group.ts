import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { Channel } from '../../../api/contract/channel.ts';
import type { RenameGroupBody } from '../../../api/contract/chat.ts';
import * as groupKeys from './group-keys.ts';

/** POST /channel/chat/{channel_id}/rename (admin): the group's new name; every group view refreshes. */
export function useRenameGroup(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RenameGroupBody) =>
      apiData<Channel>(`/channel/chat/${channelId}/rename`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all() }),
  });
}
