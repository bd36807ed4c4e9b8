import type { Channel } from '../../src/api/contract/channel.ts';
import type { WaveListItem, WaveMetadata } from '../../src/api/contract/wave.ts';
import type { ChannelRow } from '../db/repositories/channels-repository.ts';
import { decodePeaks } from '../../src/lib/audiogram-card/waveform-peaks.ts';
import { MAX_ID, type WaveListRow } from '../db/repositories/waves-repository.ts';
import { suggestTitles } from './title-suggestions.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** Sponsor logos are stored under `sponsors/{key}.webp` (server/routes/media-images.ts). */
export const sponsorLogoKey = (key: string) => `sponsors/${key}.webp`;
const sponsorLogoUrl = (key: string | null) => (key ? `/media/${sponsorLogoKey(key)}` : null);

/**
 * Keyset cursors. Opaque to the client; they name the last item of a page:
 * id lists use the id in base 36, trending uses `score~id`.
 */
export const cursors = {
  ofId: (id: number) => id.toString(36),
  ofTrending: (score: number, id: number) => `${score}~${id.toString(36)}`,
  /** The id of an id cursor; null when the text is not one. */
  parseId(cursor: string): number | null {
    if (!/^[0-9a-z]{1,7}$/.test(cursor)) return null;
    const id = parseInt(cursor, 36);
    return id > 0 && id <= MAX_ID ? id : null;
  },
  parseTrending(cursor: string): { score: number; id: number } | null {
    const match = /^(-?\d+(?:\.\d+)?(?:e-?\d+)?)~([0-9a-z]{1,7})$/.exec(cursor);
    if (!match) return null;
    const score = Number(match[1]);
    const id = parseInt(match[2] ?? '', 36);
    if (!Number.isFinite(score) || id <= 0 || id > MAX_ID) return null;
    return { score, id };
  },
};

export function presentWaveListItem(
  row: WaveListRow,
  liked: boolean,
  viewed: boolean,
  cursor: string,
): WaveListItem {
  return {
    wave_name: row.wave_name,
    username: row.username,
    displayname: row.displayname,
    user_id: row.user_id,
    avatar_version: row.avatar_version,
    channel_id: row.channel_id,
    channel_name: row.channel_name,
    team_id: row.team_id,
    title: row.title,
    duration: row.duration,
    created: iso(row.created_at),
    created_epoch_day: row.created_epoch_day,
    approx_views_count: row.views_count,
    approx_likes_count: row.likes_count,
    likes_count: row.likes_count,
    user_has_liked: liked,
    user_has_viewed: viewed,
    is_sponsored: row.is_sponsored === 1,
    sponsor_name: row.sponsor_name,
    sponsor_logo: sponsorLogoUrl(row.sponsor_logo),
    in_reply_to_wave_name: row.parent_wave_name,
    reply_count: row.reply_count,
    has_video: row.video_version !== null,
    video_version: row.video_version,
    cursor,
  };
}

export function presentChannel(row: ChannelRow): Channel {
  return {
    channel_id: row.id,
    channel_name: row.channel_name,
    description: row.description,
    wave_count: row.wave_count,
    latest_wave_created: row.latest_wave_created === null ? null : iso(row.latest_wave_created),
    channel_access_rule: row.channel_access_rule,
    channel_invitation_code: row.is_chatgroup === 1 ? row.channel_invitation_code : null,
    is_chatgroup: row.is_chatgroup === 1,
    language_code_ui: row.language_code_ui,
  };
}

export function presentWaveMetadata(
  row: {
    wave_name: string;
    title: string;
    description: string;
    status: string;
    duration: number;
    created_at: number;
    created_epoch_day: number;
    user_id: number;
    channel_id: number;
    channel_name: string;
    username: string;
    displayname: string;
    avatar_version: string | null;
    team_name: string | null;
    parent_wave_name: string | null;
    parent_title: string | null;
    language_code_ui: string;
    is_sponsored: number;
    sponsor_name: string | null;
    sponsor_logo: string | null;
    video_version: string | null;
    waveform: string | null;
  },
  canEdit: boolean,
): WaveMetadata {
  return {
    wave_name: row.wave_name,
    title: row.title,
    ai_headlines: suggestTitles(row),
    description: row.description,
    team_name: row.team_name,
    channel_id: row.channel_id,
    channel_name: row.channel_name,
    duration: row.duration,
    published: row.status === 'published',
    created: iso(row.created_at),
    created_epoch_day: row.created_epoch_day,
    user_id: row.user_id,
    username: row.username,
    displayname: row.displayname,
    avatar_version: row.avatar_version,
    in_reply_to_wave_name: row.parent_wave_name,
    can_edit: canEdit,
    is_sponsored: row.is_sponsored === 1,
    sponsor_name: row.sponsor_name,
    sponsor_logo: sponsorLogoUrl(row.sponsor_logo),
    has_video: row.video_version !== null,
    video_version: row.video_version,
    waveform: decodePeaks(row.waveform),
  };
}
