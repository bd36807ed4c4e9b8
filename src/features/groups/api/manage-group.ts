import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import * as groupKeys from './group-keys.ts';

/**
 * The manage page's calls (docs/product/channels-and-groups.md "Chat groups"): the admin renames,
 * revokes invitations, removes members and renews the shareable link; any member leaves.
 */
export function useManageGroup(channelId: number, channelName: string) {
  const queryClient = useQueryClient();
  const post = (path: string, body: object = {}) =>
    apiData<unknown>(`/channel/chat/${channelId}/${path}`, { method: 'POST', body });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: groupKeys.all() }).then(() => undefined);
  const options = { onSuccess: refresh };
  return {
    rename: useMutation({
      mutationFn: (description: string) => post('rename', { description }),
      ...options,
    }),
    revoke: useMutation({
      mutationFn: (invitationId: number) =>
        post('invitationrevoke', { invitation_id: invitationId }),
      ...options,
    }),
    remove: useMutation({
      mutationFn: (userId: number) => post('memberremove', { user_id: userId }),
      ...options,
    }),
    renewLink: useMutation({ mutationFn: () => post('linkrenew'), ...options }),
    leave: useMutation({
      mutationFn: () => post('leave'),
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: groupKeys.byName(channelName) });
        return refresh();
      },
    }),
  };
}
