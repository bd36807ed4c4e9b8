import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import * as groupKeys from './group-keys.ts';

/** POST /channel/chat/{code}/invitationaccept: the caller joins; the group's rule is checked. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<{ channel_id: number; channel_name: string }>(
        `/channel/chat/${encodeURIComponent(code)}/invitationaccept`,
        { method: 'POST', body: {} },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all() }),
  });
}
