import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiFailure, apiRequest, isNotFound } from '../../../api/client.ts';
import { chatMessages } from '../../../api/contract/constants.ts';
import type { InvitationPreview } from '../../../api/contract/chat.ts';
import * as groupKeys from './group-keys.ts';

/** GET /channel/chat/invitation/{code}: what the invitation is for, before accepting it. */
export const invitationQuery = (code: string) =>
  queryOptions({
    queryKey: groupKeys.invitation(code),
    queryFn: async () => {
      const reply = await apiRequest<InvitationPreview>(
        `/channel/chat/invitation/${encodeURIComponent(code)}`,
        { noCache: true },
      );
      // A 404 carries the raw body as its message, and a code of the wrong shape is refused as
      // a field: both say the same in the product's words.
      if (isNotFound(reply) || reply.formFieldErrorMessages?.['code'] !== undefined) {
        throw new Error(chatMessages.invitationNotFound);
      }
      if (!reply.success || !reply.data) throw new ApiFailure(reply);
      return reply.data;
    },
    retry: false,
  });

export function useInvitationPreview(code: string) {
  return useQuery(invitationQuery(code));
}
