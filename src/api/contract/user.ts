import { z } from 'zod';
import { booleanLikeSchema, idParamSchema, MAX_ID } from './common.ts';
import {
  ABOUT_MAX,
  DISPLAYNAME_MAX,
  PEOPLE_DEFAULT_LIMIT,
  PEOPLE_MAX_LIMIT,
  profileMessages,
} from './constants.ts';
import { findCountry } from './countries.ts';
import { envelopeSchema } from './envelope.ts';

export const teamMembershipSchema = z.object({
  team_id: z.number().int(),
  team_name: z.string(),
});

/** User info and profile (docs/product/api.md "User calls"). */
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

/** GET /user/info/{id}. */
export const userInfoParamsSchema = z.object({ id: idParamSchema });
/** GET /user/byusername/{username}: the user-page lookup (docs/product/api.md "User calls"). */
export const userByUsernameParamsSchema = z.object({
  username: z.string().min(1, 'username is required').max(64, 'invalid username'),
});

/**
 * POST /user/me (multipart; docs/product/accounts.md "Profile settings"): display name ≤ 50, about
 * ≤ 160, country and region required, private_by_default and play_beep as TRUE or FALSE. The
 * optional `avatar` and `cover` files are checked by content on the server. The form resolver uses
 * the same schema.
 */
export const profileUpdateSchema = z
  .object({
    displayname: z
      .string()
      .trim()
      .max(DISPLAYNAME_MAX, profileMessages.displaynameTooLong)
      .default(''),
    about: z.string().trim().max(ABOUT_MAX, profileMessages.aboutTooLong).default(''),
    private_by_default: booleanLikeSchema.default(false),
    play_beep: booleanLikeSchema.default(true),
    usercountrycode: z
      .string({ error: profileMessages.countryRequired })
      .trim()
      .min(1, profileMessages.countryRequired),
    userregionname: z
      .string({ error: profileMessages.regionRequired })
      .trim()
      .min(1, profileMessages.regionRequired),
  })
  .superRefine((value, ctx) => {
    const country = findCountry(value.usercountrycode);
    if (!country) {
      ctx.addIssue({
        code: 'custom',
        path: ['usercountrycode'],
        message: profileMessages.countryRequired,
      });
    } else if (!country.regions.some((region) => region.name === value.userregionname)) {
      ctx.addIssue({
        code: 'custom',
        path: ['userregionname'],
        message: profileMessages.regionRequired,
      });
    }
  });
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** POST /user/avatarimage, POST /user/coverimage: the new cache keys of the user's images. */
export const profileImagesSchema = z.object({
  avatar_version: z.string().nullable(),
  cover_version: z.string().nullable(),
});
export const profileImagesReplySchema = envelopeSchema(profileImagesSchema);
export type ProfileImages = z.infer<typeof profileImagesSchema>;

/**
 * GET /user/users: the people list (docs/product/listening.md "People"), newest members first,
 * keyset paged like the wave lists: `?after=<last item's cursor>&limit=<n>`; a shorter page is the
 * end.
 */
export const peopleQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,10}$/, 'invalid cursor')
    .refine((cursor) => Number(cursor) <= MAX_ID, 'invalid cursor')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PEOPLE_MAX_LIMIT, `limit must be at most ${PEOPLE_MAX_LIMIT}`)
    .default(PEOPLE_DEFAULT_LIMIT),
});
export const personSchema = userInfoSchema.extend({
  /** Whether the caller follows this person (their home team); false for anonymous callers. */
  is_subscribed: z.boolean(),
  cursor: z.string(),
});
export type Person = z.infer<typeof personSchema>;
export const peopleReplySchema = envelopeSchema(z.array(personSchema));
