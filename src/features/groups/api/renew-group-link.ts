import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import * as groupKeys from './group-keys.ts';

/** POST /channel/chat/{channel_id}/linkrenew (admin): a new shareable link; the old one stops. */
export function useRenewGroupLink(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiData<{ channel_invitation_code: string | null }>(`/channel/chat/${channelId}/linkrenew`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all() }),
  });
}
