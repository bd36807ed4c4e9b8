import { z } from 'zod';
import { idParamSchema } from './common.ts';
import { INVITEE_NAME_MAX, inviteMessages } from './constants.ts';
import { envelopeSchema } from './envelope.ts';

/**
 * POST /invitesomeone (docs/product/accounts.md "Invite someone": asks for the invitee's name).
 * The reply is a personal invitation text and link the inviter shares however they like.
 */
export const inviteSomeoneBodySchema = z.object({
  invitee_name: z
    .string({ error: inviteMessages.nameRequired })
    .trim()
    .min(1, inviteMessages.nameRequired)
    .max(INVITEE_NAME_MAX, inviteMessages.nameTooLong),
  /** The team to invite to; the caller's home team when absent (the original sent the name alone). */
  team_id: idParamSchema.optional(),
});
export type InviteSomeoneBody = z.input<typeof inviteSomeoneBodySchema>;

export const invitationSchema = z.object({
  invitee_name: z.string(),
  team_name: z.string(),
  /** The page the invitee opens: the inviter's user page, which offers sign-up and follow. */
  invite_url: z.string(),
  /** A ready-to-send text in the inviter's language. */
  invite_text: z.string(),
});
export const invitationReplySchema = envelopeSchema(invitationSchema);
export type Invitation = z.infer<typeof invitationSchema>;
