import { z } from 'zod';
import { accessRuleSchema, channelSchema, groupNameSchema } from './channel.ts';

export { accessRuleSchema, groupNameSchema };
import { idParamSchema, MAX_ID } from './common.ts';
import {
  ACCESS_RULE_ANY,
  ACCESS_RULE_EMAIL,
  ACCESS_RULE_PHONE,
  chatMessages,
  GROUP_ROLES,
  INVITATION_EMAIL_MAX,
  INVITATION_NAME_MAX,
  INVITATION_STATUSES,
  PHONE_INPUT_MAX,
  type GroupAccessRule,
} from './constants.ts';
import { envelopeSchema } from './envelope.ts';
import type { PhoneCheck } from './phone.ts';

/**
 * The chat-group calls (docs/product/api.md "Chat-group calls"; the rules in
 * docs/product/channels-and-groups.md "Chat groups"). Creating a group is `POST /channel/new`
 * with `is_chatgroup` (channel.ts). A group the caller may not read answers every call here
 * exactly like a group that does not exist: 404 "channel not found".
 */

/**
 * The /chat/new form. The client posts it to `POST /channel/new` with `is_chatgroup: true` and
 * `language_code_ui`; the server checks the same rules (newChannelBodySchema).
 */
export const newChatGroupFormSchema = z.object({
  description: groupNameSchema,
  channel_access_rule: accessRuleSchema.default(ACCESS_RULE_PHONE),
});
export type NewChatGroupForm = z.input<typeof newChatGroupFormSchema>;

/** A group in the caller's list: the channel plus the caller's membership. */
export const chatGroupSchema = channelSchema.extend({
  role: z.enum(GROUP_ROLES),
  /** ISO 8601 (UTC): when the caller joined. */
  member_since: z.string(),
  member_count: z.number().int(),
});
export type ChatGroup = z.infer<typeof chatGroupSchema>;
/** GET /channel/chat/getchatswhereuserismember: the caller's groups, newest activity first. */
export const chatGroupListReplySchema = envelopeSchema(z.array(chatGroupSchema));

/**
 * A member. `phone_number` is shown in phone groups and `email` in e-mail groups (the address
 * the group knows its members by); otherwise null.
 */
export const chatMemberSchema = z.object({
  user_id: z.number().int(),
  displayname: z.string(),
  username: z.string(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(GROUP_ROLES),
  /** ISO 8601 (UTC): "Joined on". */
  member_since: z.string(),
  avatar_version: z.string().nullable(),
});
export type ChatMember = z.infer<typeof chatMemberSchema>;
/** GET /channel/chat/{channel_name}/members: the group's members, oldest first (admin first). */
export const chatMemberListReplySchema = envelopeSchema(z.array(chatMemberSchema));

export const chatChannelNameParamsSchema = z.object({
  channel_name: z.string().min(1, chatMessages.channelNameRequired).max(64, 'invalid channel name'),
});
export const chatChannelIdParamsSchema = z.object({
  channel_id: z.coerce
    .number({ error: chatMessages.channelIdRequired })
    .int(chatMessages.channelIdRequired)
    .positive(chatMessages.channelIdRequired)
    .max(MAX_ID, 'invalid id'),
});

/**
 * An invitation as the group sees it (docs/product/channels-and-groups.md "Invitations": the
 * inviter, the invitee, status and expiry). The group's admin sees every invitation of the group;
 * another member sees the ones they sent.
 */
export const invitationSchema = z.object({
  invitation_id: z.number().int(),
  inviter_username: z.string(),
  invitee_name: z.string(),
  invitee_email: z.string().nullable(),
  invitee_phone_number: z.string().nullable(),
  /** The account that accepted it (or the one it was addressed to), else null. */
  invitee_username: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  /** ISO 8601 (UTC). */
  invited_at: z.string(),
  expires_at: z.string(),
});
export type ChatInvitation = z.infer<typeof invitationSchema>;
/** GET /channel/chat/{channel_name}/invitations: newest first. */
export const invitationListReplySchema = envelopeSchema(z.array(invitationSchema));

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * POST /channel/chat/{channel_id}/invitationcreate (docs/product/api.md "Chat-group calls"). Which
 * address is required depends on the group's rule (invitationProblems); the server checks both.
 */
export const invitationCreateBodySchema = z.object({
  channel_id: z.coerce
    .number({ error: chatMessages.channelIdRequired })
    .int(chatMessages.channelIdRequired)
    .positive(chatMessages.channelIdRequired)
    .max(MAX_ID, 'invalid id'),
  invitee_name: z
    .string({ error: chatMessages.inviteeNameRequired })
    .trim()
    .min(1, chatMessages.inviteeNameRequired)
    .max(INVITATION_NAME_MAX, chatMessages.inviteeNameTooLong),
  invitee_email: optionalText(INVITATION_EMAIL_MAX, chatMessages.emailTooLong),
  invitee_phone_number: optionalText(PHONE_INPUT_MAX, chatMessages.phoneInvalid),
  /** The country picked for a number without "+" (ISO 3166 alpha-2); the server's default else. */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'invalid country')
    .transform((code) => code.toUpperCase())
    .optional(),
  invitee_user_id: z.coerce.number().int().positive().max(MAX_ID, 'invalid id').optional(),
});
export type InvitationCreateBody = z.input<typeof invitationCreateBodySchema>;
export type InvitationCreateInput = z.output<typeof invitationCreateBodySchema>;

const emailShape = z.email();

/**
 * The invitation form's rules for a group's access rule (docs/product/channels-and-groups.md
 * "Access rules"), as field → message; empty when the form is fine. `checkPhone` is
 * checkPhoneNumber bound to metadata (the client's "min", the server's "max"). The any-user rule
 * gives "Invalid access rule": such groups invite by link.
 */
export function invitationProblems(
  rule: string,
  input: { invitee_email?: string | undefined; invitee_phone_number?: string | undefined },
  checkPhone: (input: string) => PhoneCheck,
): Record<string, string> {
  if (rule === ACCESS_RULE_PHONE) {
    const phone = input.invitee_phone_number?.trim() ?? '';
    if (phone === '') return { invitee_phone_number: chatMessages.phoneRequired };
    if (!checkPhone(phone).ok) return { invitee_phone_number: chatMessages.phoneInvalid };
    return {};
  }
  if (rule === ACCESS_RULE_EMAIL) {
    const email = input.invitee_email?.trim() ?? '';
    if (email === '') return { invitee_email: chatMessages.emailRequired };
    if (email.length > INVITATION_EMAIL_MAX) return { invitee_email: chatMessages.emailTooLong };
    if (!emailShape.safeParse(email).success) return { invitee_email: chatMessages.emailInvalid };
    return {};
  }
  return { channel_access_rule: chatMessages.invalidAccessRule };
}

export const invitationCreateDataSchema = z.object({
  invitation_id: z.number().int(),
  /** How the code went out: by SMS (phone groups) or by e-mail (e-mail groups). */
  sent_via: z.enum(['sms', 'email']),
  expires_at: z.string(),
});
export const invitationCreateReplySchema = envelopeSchema(invitationCreateDataSchema);

/**
 * An invitation code in a path: a named invitation's code or the group's shareable-link token
 * (both 22+ URL-safe characters, ≥ 128 random bits).
 */
export const invitationCodeParamsSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, chatMessages.invitationNotFound),
});

/**
 * GET /channel/chat/invitation/{code}: what the /chatinvitation page shows before accepting
 * (anyone holding the code may read it). `status` is `valid` or why it cannot be used.
 */
export const invitationPreviewSchema = z.object({
  channel_id: z.number().int(),
  /** The group's name (its description). */
  description: z.string(),
  inviter_displayname: z.string(),
  channel_access_rule: accessRuleSchema,
  status: z.enum(['valid', 'expired', 'used', 'revoked']),
  /** true when the caller is already a member (accepting just opens the group). */
  is_member: z.boolean(),
  /** ISO 8601 (UTC); null for the shareable link. */
  expires_at: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const invitationPreviewReplySchema = envelopeSchema(invitationPreviewSchema);

/** POST /channel/chat/{code}/invitationaccept (empty body): data.channel_id opens the group. */
export const invitationAcceptDataSchema = z.object({
  channel_id: z.number().int(),
  channel_name: z.string(),
});
export const invitationAcceptReplySchema = envelopeSchema(invitationAcceptDataSchema);

/**
 * GET /channel/chat/{channel_name}/waves: the group's published waves, newest first, paged like
 * every wave list (`?after=&limit=`, waveListQuerySchema); data is the array of waves
 * (waveListReplySchema). A wave's replies come from GET /wave/thread/{wave_name} as elsewhere.
 */
export {
  waveListQuerySchema as groupWavesQuerySchema,
  waveListReplySchema as groupWavesReplySchema,
} from './wave.ts';

/** POST /channel/chat/{channel_id}/rename (admin): the new group name. Replies with the channel. */
export const renameGroupBodySchema = z.object({ description: groupNameSchema });
export type RenameGroupBody = z.input<typeof renameGroupBodySchema>;
export const renameGroupReplySchema = envelopeSchema(channelSchema);

/** POST /channel/chat/{channel_id}/invitationrevoke (admin, or the member who sent it). */
export const revokeInvitationBodySchema = z.object({ invitation_id: idParamSchema });
export type RevokeInvitationBody = z.input<typeof revokeInvitationBodySchema>;
export const revokeInvitationReplySchema = envelopeSchema(invitationSchema);

/** POST /channel/chat/{channel_id}/memberremove (admin): removes another member. */
export const removeMemberBodySchema = z.object({ user_id: idParamSchema });
export type RemoveMemberBody = z.input<typeof removeMemberBodySchema>;
export const removeMemberReplySchema = envelopeSchema(z.object({ user_id: z.number().int() }));

/**
 * POST /channel/chat/{channel_id}/linkrenew (admin): a new shareable-link token, the old one stops
 * working. POST /channel/chat/{channel_id}/linkrevoke (admin): the link stops working (null).
 */
export const groupLinkReplySchema = envelopeSchema(
  z.object({ channel_invitation_code: z.string().nullable() }),
);

/**
 * POST /channel/chat/{channel_id}/leave (any member; empty body). When the admin leaves, the
 * longest-standing member becomes the admin.
 */
export const leaveGroupReplySchema = envelopeSchema(z.object({ channel_id: z.number().int() }));

/**
 * GET /user/usersinsamechatgroups/phone: the people the caller shares a group with (not the
 * caller), with their phone number where they share a phone group.
 */
export const sameGroupPersonSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  displayname: z.string(),
  phone_number: z.string().nullable(),
  avatar_version: z.string().nullable(),
  shared_groups: z.number().int(),
});
export type SameGroupPerson = z.infer<typeof sameGroupPersonSchema>;
export const sameGroupPeopleReplySchema = envelopeSchema(z.array(sameGroupPersonSchema));

/**
 * The path a group's shareable link or an invitation opens (docs/product/channels-and-groups.md
 * "Invitations").
 */
export function invitationPath(code: string): string {
  return `/chatinvitation/${code}`;
}

export type { GroupAccessRule };
export { ACCESS_RULE_ANY, ACCESS_RULE_EMAIL, ACCESS_RULE_PHONE };
