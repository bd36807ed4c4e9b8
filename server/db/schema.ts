import type { Generated } from 'kysely';

/**
 * Row types. Timestamps are epoch milliseconds, booleans are 0/1 integers and ids are integers:
 * all of them round-trip identically on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  email: string | null;
  email_confirmed_at: number | null;
  password_hash: string | null;
  displayname: Generated<string>;
  about: Generated<string>;
  private_by_default: Generated<number>;
  play_beep: Generated<number>;
  usercountrycode: Generated<string>;
  userregionname: Generated<string>;
  language_code_ui: Generated<string>;
  phone_number: string | null;
  phone_confirmed_at: number | null;
  avatar_version: string | null;
  cover_version: string | null;
  cover_preset: Generated<number>;
  home_team_id: number | null;
  is_admin: Generated<number>;
  can_create_channels: Generated<number>;
  followers_count: Generated<number>;
  total_likes_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  user_agent: Generated<string>;
}

export interface TeamsTable {
  id: Generated<number>;
  team_name: string;
  owner_user_id: number | null;
  subscriber_count: Generated<number>;
  created_at: number;
}

export interface TeamSubscriptionsTable {
  team_id: number;
  user_id: number;
  created_at: number;
}

export interface ChannelsTable {
  id: Generated<number>;
  channel_name: string;
  channel_name_lower: string;
  description: Generated<string>;
  language_code_ui: string;
  team_id: number | null;
  is_chatgroup: Generated<number>;
  channel_access_rule: string;
  channel_invitation_code: string | null;
  created_by_user_id: number | null;
  wave_count: Generated<number>;
  latest_wave_created: number | null;
  created_at: number;
}

export interface ChannelMembersTable {
  channel_id: number;
  user_id: number;
  role: Generated<string>;
  member_since: number;
}

export interface InvitationsTable {
  id: Generated<number>;
  channel_id: number;
  inviter_user_id: number;
  invitee_email: string | null;
  invitee_user_id: number | null;
  invitee_phone_number: string | null;
  invitee_name: string;
  /** pending | accepted | revoked (an expired invitation is pending past expires_at). */
  status: Generated<string>;
  invited_at: number;
  /** SHA-256 (hex) of the code; the code itself is only in the message sent. */
  code_hash: string | null;
  expires_at: Generated<number>;
  accepted_at: number | null;
  revoked_at: number | null;
  accepted_by_user_id: number | null;
}

export interface WavesTable {
  id: Generated<number>;
  wave_name: string;
  user_id: number;
  channel_id: number;
  team_id: number | null;
  title: Generated<string>;
  description: Generated<string>;
  language_code_ui: string;
  in_reply_to_wave_id: number | null;
  /** pending_upload | processing | published | failed */
  status: string;
  failure_reason: string | null;
  /** 1 when the wave may appear in public lists (published, not a chat group, not the product channel). */
  listed: Generated<number>;
  duration: Generated<number>;
  created_at: number;
  created_epoch_day: number;
  published_at: number | null;
  views_count: Generated<number>;
  likes_count: Generated<number>;
  reply_count: Generated<number>;
  /** Decay-free trending key (see server/services/trending.ts). */
  trending_score: Generated<number>;
  idempotency_key: string | null;
  audio_bytes: number | null;
  audio_sha256: string | null;
  /** Size and SHA-256 of the file the creator uploaded (before transcoding). */
  received_bytes: number | null;
  received_sha256: string | null;
  is_sponsored: Generated<number>;
  sponsor_name: string | null;
  sponsor_logo: string | null;
  /** The current portrait video's version (its URL's `?v=`); null while there is none. */
  video_version: string | null;
  video_bytes: number | null;
  /** When the video job gave up on this wave (the backfill skips it); null otherwise. */
  video_failed_at: number | null;
  /** Loudness per bar for the card and the video (encodePeaks), once the video job measured it. */
  waveform: string | null;
}

export interface WaveLikesTable {
  wave_id: number;
  user_id: number;
  created_at: number;
}

export interface WaveViewsTable {
  wave_id: number;
  viewer_key: string;
  epoch_day: number;
}

export interface TokensTable {
  token_hash: string;
  /** email_confirmation | password_reset */
  purpose: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SmsCodesTable {
  id: Generated<number>;
  user_id: number;
  phone_number: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: Generated<number>;
  consumed_at: number | null;
}

export interface UsedCaptchasTable {
  signature: string;
  expires_at: number;
}

export interface RateLimitHitsTable {
  bucket: string;
  window_start: number;
  hits: number;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  /** queued | running | done | failed */
  state: string;
  run_at: number;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  dedupe_key: string | null;
  /** At most one running job per owner and lane (a member's id); null: no owner. */
  owner_key: string | null;
  /** 1 when the job is known to be long: express slots never take it. */
  long_running: Generated<number>;
}

export interface ProductsTable {
  id: Generated<number>;
  seller_user_id: number;
  headline: string;
  description: Generated<string>;
  location: string;
  category: string;
  currency: string;
  start_price_cents: number;
  floor_price_cents: number;
  step_cents: number;
  step_seconds: number;
  starts_at: number;
  /** The folder of the product's images under `products/` in the media storage. */
  image_key: string;
  /** open | sold | withdrawn */
  state: Generated<string>;
  buyer_user_id: number | null;
  sold_price_cents: number | null;
  sold_at: number | null;
  withdrawn_at: number | null;
  created_at: number;
}

export interface TusUploadsTable {
  id: string;
  size: number;
  bytes_stored: Generated<number>;
  /** Parts stored so far: `uploads/{id}/{index}` in the media storage. */
  parts: Generated<number>;
  /** The upload's tus metadata (JSON). */
  metadata: string;
  /** 1 once complete and handed to the pipeline (its parts are gone, HEAD says complete). */
  received: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface UploadLocksTable {
  id: string;
  holder: string;
  locked_until: number;
  /** 1 when another request waits: the holder ends its request and lets go. */
  release_requested: Generated<number>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  teams: TeamsTable;
  team_subscriptions: TeamSubscriptionsTable;
  channels: ChannelsTable;
  channel_members: ChannelMembersTable;
  invitations: InvitationsTable;
  waves: WavesTable;
  wave_likes: WaveLikesTable;
  wave_views: WaveViewsTable;
  tokens: TokensTable;
  sms_codes: SmsCodesTable;
  used_captchas: UsedCaptchasTable;
  rate_limit_hits: RateLimitHitsTable;
  jobs: JobsTable;
  products: ProductsTable;
  tus_uploads: TusUploadsTable;
  upload_locks: UploadLocksTable;
}
