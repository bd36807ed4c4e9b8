import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { InvitationPreview } from '../../../api/contract/chat.ts';
import * as groupKeys from './group-keys.ts';

/** GET /channel/chat/invitation/{code}: what the invitation is for, before accepting it. */
export const invitationQuery = (code: string) =>
  queryOptions({
    queryKey: groupKeys.invitation(code),
    queryFn: () =>
      apiData<InvitationPreview>(`/channel/chat/invitation/${encodeURIComponent(code)}`, {
        noCache: true,
      }),
    retry: false,
  });

export function useInvitationPreview(code: string) {
  return useQuery(invitationQuery(code));
}
