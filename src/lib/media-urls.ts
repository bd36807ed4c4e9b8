/**
 * Where media lives (served by server/routes/media*.ts). Images are located by user id; the
 * server answers with the spec's fallbacks (anonymous users and users without an image).
 */
export type AvatarSize = 48 | 128 | 512;

export function avatarUrl(userId: number, size: AvatarSize, version?: string | null): string {
  return `/media/avatars/${userId}/${size}.webp${version ? `?v=${encodeURIComponent(version)}` : ''}`;
}

export function coverUrl(userId: number, version?: string | null): string {
  return `/media/covers/${userId}.webp${version ? `?v=${encodeURIComponent(version)}` : ''}`;
}

/** The spec's audio path: {channel_id}/{created_epoch_day}/{wave_name}/{channel_id}_{wave_name}.mp3 */
export function audioUrl(wave: {
  channel_id: number;
  created_epoch_day: number;
  wave_name: string;
}): string {
  return `/media/audio/${wave.channel_id}/${wave.created_epoch_day}/${wave.wave_name}/${wave.channel_id}_${wave.wave_name}.mp3`;
}

/** Fallback avatars shown when an avatar fails to load (spec: "a random fallback"). */
export const FALLBACK_AVATAR_COUNT = 6;
export const fallbackAvatarUrl = (index: number) => `/images/fallback-avatar-${index}.svg`;
