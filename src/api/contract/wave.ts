import { z } from 'zod';
import { booleanLikeSchema, idParamSchema, languageCodeSchema, waveNameSchema } from './common.ts';
import {
  SPONSOR_NAME_MAX,
  WAVE_LIST_DEFAULT_LIMIT,
  WAVE_LIST_MAX_LIMIT,
  WAVE_TITLE_MAX,
  WAVE_TITLE_MIN,
  waveMessages,
} from './constants.ts';
import { envelopeSchema } from './envelope.ts';

/**
 * One row of every wave list (docs/product/listening.md "Wave row"), plus what the row shows
 * beyond the original list item: the author's display name and avatar version, the reply link, and
 * the opaque keyset `cursor` that asks for the page after this item.
 */
export const waveListItemSchema = z.object({
  wave_name: z.string(),
  username: z.string(),
  displayname: z.string(),
  user_id: z.number().int(),
  /** The author's avatar cache key (`avatarUrl(user_id, 48, avatar_version)`); null: fallback. */
  avatar_version: z.string().nullable(),
  channel_id: z.number().int(),
  channel_name: z.string(),
  team_id: z.number().int().nullable(),
  title: z.string(),
  /** Whole seconds. */
  duration: z.number().int(),
  /** ISO 8601 (UTC). */
  created: z.string(),
  /** Part of the audio path (`audioUrl()` in src/lib/media-urls.ts). */
  created_epoch_day: z.number().int(),
  approx_views_count: z.number().int(),
  approx_likes_count: z.number().int(),
  likes_count: z.number().int(),
  user_has_liked: z.boolean(),
  user_has_viewed: z.boolean(),
  is_sponsored: z.boolean(),
  sponsor_name: z.string().nullable(),
  sponsor_logo: z.string().nullable(),
  /** The wave this one answers (a reply), else null. Replies to replies are refused. */
  in_reply_to_wave_name: z.string().nullable(),
  reply_count: z.number().int(),
  /** Whether the wave's portrait video exists (`videoUrl()` in src/lib/media-urls.ts). */
  has_video: z.boolean(),
  /** The video's version, part of its URL (it changes when the video is rendered anew); null without a video. */
  video_version: z.string().nullable(),
  /** Opaque: pass as `?after=` to get the items after this one. */
  cursor: z.string(),
});
export type WaveListItem = z.infer<typeof waveListItemSchema>;

/**
 * Keyset paging for every wave list. The first page is what the plain calls return; the
 * client asks for more with `?after=<last item's cursor>&limit=<n>`. A page shorter than the
 * limit is the end. Unknown keys (such as a cache-busting `x`) are ignored.
 */
export const waveListQuerySchema = z.object({
  after: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{1,100}$/, 'invalid cursor')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(WAVE_LIST_MAX_LIMIT, `limit must be at most ${WAVE_LIST_MAX_LIMIT}`)
    .default(WAVE_LIST_DEFAULT_LIMIT),
});
export type WaveListQuery = z.input<typeof waveListQuerySchema>;

/** `data` is the array of waves (docs/product/api.md "Wave calls"). */
export const waveListReplySchema = envelopeSchema(z.array(waveListItemSchema));
export type WaveListReply = z.infer<typeof waveListReplySchema>;

export const languageListParamsSchema = z.object({ language_code: languageCodeSchema });
export const followingListParamsSchema = z.object({ user_id: idParamSchema });
export const usernameListParamsSchema = z.object({
  username: z.string().min(1, 'username is required').max(64, 'invalid username'),
});
export const channelNameListParamsSchema = z.object({
  channel_name: z.string().min(1, 'channel name is required').max(64, 'invalid channel name'),
});
export const waveNameParamsSchema = z.object({ wave_name: waveNameSchema });

/**
 * GET /wave/thread/{wave_name}: the thread's first wave (for a reply: the wave it answers) and
 * its replies, oldest first. `?after=&limit=` pages the replies the same way as the lists.
 */
export const waveThreadSchema = z.object({
  wave: waveListItemSchema,
  replies: z.array(waveListItemSchema),
});
export type WaveThread = z.infer<typeof waveThreadSchema>;
export const waveThreadReplySchema = envelopeSchema(waveThreadSchema);

/** POST /wave/logview/{wave_name} (empty body): `counted` is false for a repeat the same day. */
export const logViewReplySchema = envelopeSchema(
  z.object({ counted: z.boolean(), views_count: z.number().int() }),
);

/** POST /wave/like/{wave_name}: signed-in only, once per user (a repeat changes nothing). */
export const likeWaveBodySchema = z.object({
  isliked: z.literal(true, { error: 'isliked must be true' }),
});
export type LikeWaveBody = z.infer<typeof likeWaveBodySchema>;
export const likeWaveReplySchema = envelopeSchema(
  z.object({ likes_count: z.number().int(), user_has_liked: z.boolean() }),
);

/** Wave metadata (docs/product/api.md "Wave calls": data is a list whose first item is this). */
export const waveMetadataSchema = z.object({
  wave_name: z.string(),
  title: z.string(),
  /**
   * Suggested titles made from the wave's own data (its channel, author, length, the wave it
   * answers); each a valid title, never the current one (docs/product/recording.md "Editing a wave").
   */
  ai_headlines: z.array(z.string()),
  description: z.string(),
  team_name: z.string().nullable(),
  channel_id: z.number().int(),
  channel_name: z.string(),
  duration: z.number().int(),
  published: z.boolean(),
  /** ISO 8601 (UTC). */
  created: z.string(),
  created_epoch_day: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  displayname: z.string(),
  avatar_version: z.string().nullable(),
  in_reply_to_wave_name: z.string().nullable(),
  /** True when the caller may edit or delete this wave (owner or admin). */
  can_edit: z.boolean(),
  is_sponsored: z.boolean(),
  sponsor_name: z.string().nullable(),
  /** The logo's URL (`/media/sponsors/{key}.webp`), or null. */
  sponsor_logo: z.string().nullable(),
  /** As in the list items: whether the portrait video exists, and its version. */
  has_video: z.boolean(),
  video_version: z.string().nullable(),
  /** Loudness per bar (0..1) for the audiogram card; null until the video job measured it. */
  waveform: z.array(z.number()).nullable(),
});
export type WaveMetadata = z.infer<typeof waveMetadataSchema>;
export const waveMetadataReplySchema = envelopeSchema(z.array(waveMetadataSchema));

export const waveTitleSchema = z
  .string({ error: waveMessages.titleRequired })
  .trim()
  .min(1, waveMessages.titleRequired)
  .min(WAVE_TITLE_MIN, waveMessages.titleTooShort)
  .max(WAVE_TITLE_MAX, waveMessages.titleTooLong);

/** POST /wave/metadata/{wave_name}: owner or admin; the reply carries the updated metadata. */
export const updateWaveMetadataBodySchema = z.object({ title: waveTitleSchema });
export type UpdateWaveMetadataBody = z.input<typeof updateWaveMetadataBodySchema>;

/**
 * POST /wave/sponsor/{wave_name} (site admins): `is_sponsored`, `sponsor_name` (required when
 * sponsored) and, as multipart, an optional `logo` image (the profile image rules). Unsponsoring
 * clears the name and the logo. The reply is the wave's metadata.
 */
export const waveSponsorFieldsSchema = z
  .object({
    is_sponsored: booleanLikeSchema,
    sponsor_name: z
      .string()
      .trim()
      .max(SPONSOR_NAME_MAX, waveMessages.sponsorNameTooLong)
      .optional()
      .transform((value) => value ?? ''),
  })
  .refine((value) => !value.is_sponsored || value.sponsor_name.length > 0, {
    path: ['sponsor_name'],
    message: waveMessages.sponsorNameRequired,
  });
export type WaveSponsorFields = z.input<typeof waveSponsorFieldsSchema>;

/** POST /wave/delete/{wave_name}: owner or admin; removes the wave, its replies and media. */
export const deleteWaveBodySchema = z.object({
  confirm: z.literal('delete', { error: waveMessages.confirmDelete }),
});
export type DeleteWaveBody = z.infer<typeof deleteWaveBodySchema>;
export const deleteWaveReplySchema = envelopeSchema(
  z.object({ wave_name: z.string(), deleted_waves: z.number().int() }),
);

/**
 * GET /media/audio/{channel_id}/{created_epoch_day}/{wave_name}/{channel_id}_{wave_name}.mp3
 * and the portrait video beside it, `….mp4` (docs/product/api.md "Media"; `audioUrl()` and
 * `videoUrl()` in src/lib/media-urls.ts). Range requests answer 206.
 */
export const waveMediaParamsSchema = z.object({
  channel_id: idParamSchema,
  created_epoch_day: z.coerce.number().int().min(0).max(1_000_000),
  wave_name: waveNameSchema,
  file: z.string().regex(/^\d+_[A-Za-z0-9_-]{4,64}\.mp[34]$/, 'invalid file name'),
});

/**
 * GET /media/card/{wave_name}.png?orient=landscape|portrait|square: the audiogram card as a
 * PNG (`cardImageUrl()` in src/lib/media-urls.ts). An unknown orientation is square, as on the
 * card page; `v` is a cache key the server ignores.
 */
export const cardImageParamsSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{4,64}\.png$/, 'invalid file name'),
});
export const cardImageQuerySchema = z
  .object({
    orient: z.string().max(32).optional(),
    v: z.string().max(64).optional(),
  })
  .loose();
