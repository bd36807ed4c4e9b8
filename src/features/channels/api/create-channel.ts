import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import type { NewChannelFormValues } from '../../../api/contract/channel.ts';
import * as channelKeys from '../../../api/channel-keys.ts';

/** POST /channel/new (public channels): needs the permission flag or an admin account. */
export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewChannelFormValues) =>
      apiRequest<{ channel_id: number; channel_name: string }>('/channel/new', {
        method: 'POST',
        body,
      }),
    onSuccess: (reply) => {
      if (reply.success) void queryClient.invalidateQueries({ queryKey: channelKeys.lists() });
    },
  });
}
