import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import * as groupKeys from './group-keys.ts';

/**
 * POST /channel/chat/{channel_id}/leave (any member): the group is forgotten here at once, the
 * lists of groups refresh.
 */
export function useLeaveGroup(channelId: number, channelName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiData<{ channel_id: number }>(`/channel/chat/${channelId}/leave`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: groupKeys.byName(channelName) });
      return queryClient.invalidateQueries({ queryKey: groupKeys.all() });
    },
  });
}
