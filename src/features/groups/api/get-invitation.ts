import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import * as groupKeys from './group-keys.ts';

export interface InvitationPreview {
  channel_id: number;
  description: string;
  inviter_displayname: string;
  channel_access_rule: string;
  status: 'valid' | 'expired' | 'used' | 'revoked';
  is_member: boolean;
  expires_at: string | null;
}

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
