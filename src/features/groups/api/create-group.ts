import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import type { NewChannelBody } from '../../../api/contract/channel.ts';
import * as groupKeys from './group-keys.ts';

/** POST /channel/new with is_chatgroup and channel_access_rule; the caller becomes the admin. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewChannelBody) =>
      apiRequest<{ channel_id: number; channel_name: string }>('/channel/new', {
        method: 'POST',
        body,
      }),
    onSuccess: (reply) => {
      if (reply.success) void queryClient.invalidateQueries({ queryKey: groupKeys.mine() });
    },
  });
}
