import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

export const teamMembershipSchema = z.object({
  team_id: z.number().int(),
  team_name: z.string(),
});

/** User info and profile (spec/content.md §3 "User info", accounts §3 "User (profile)"). */
export const userInfoSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  displayname: z.string(),
  about: z.string(),
  private_by_default: z.boolean(),
  play_beep: z.boolean(),
  usercountrycode: z.string(),
  userregionname: z.string(),
  usercountryname: z.string(),
  followers_count: z.number().int(),
  total_likes_count: z.number().int(),
  home_team_id: z.number().int().nullable(),
  phoneconfirmed: z.boolean(),
  memberofteams: z.array(teamMembershipSchema),
  /** Cache key of the current avatar/cover; null when the user has none (fallback image). */
  avatar_version: z.string().nullable(),
  cover_version: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** /user/me adds the private fields only the owner sees. */
export const currentUserSchema = userInfoSchema.extend({
  email: z.string().nullable(),
  email_confirmed: z.boolean(),
  phone_number: z.string().nullable(),
  language_code_ui: z.string(),
  is_admin: z.boolean(),
  can_create_channels: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const currentUserReplySchema = envelopeSchema(currentUserSchema);
export const userInfoReplySchema = envelopeSchema(userInfoSchema);
