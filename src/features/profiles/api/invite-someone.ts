import { useMutation } from '@tanstack/react-query';
import { apiRequest, ApiFailure } from '../../../api/client.ts';
import type { Invitation, InviteSomeoneBody } from '../../../api/contract/invite.ts';

/** POST /invitesomeone with invitee_name (docs/product/accounts.md "Invite someone"). */
export async function inviteSomeone(body: InviteSomeoneBody): Promise<Invitation> {
  const reply = await apiRequest<Invitation>('/invitesomeone', { body });
  if (!reply.success || !reply.data) throw new ApiFailure(reply);
  return reply.data;
}

export function useInviteSomeone() {
  return useMutation({ mutationFn: inviteSomeone });
}
