/**
 * Where media lives (served by server/routes/media*.ts). Images are located by user id; the
 * server answers with the fallbacks (anonymous users and users without an image).
 */
export type AvatarSize = 48 | 128 | 512;

export function avatarUrl(userId: number, size: AvatarSize, version?: string | null): string {
  return `/media/avatars/${userId}/${size}.webp${version ? `?v=${encodeURIComponent(version)}` : ''}`;
}

export function coverUrl(userId: number, version?: string | null): string {
  return `/media/covers/${userId}.webp${version ? `?v=${encodeURIComponent(version)}` : ''}`;
}

/** The audio path (docs/product/api.md "Media"): {channel_id}/{created_epoch_day}/{wave_name}/{channel_id}_{wave_name}.mp3 */
export function audioUrl(wave: {
  channel_id: number;
  created_epoch_day: number;
  wave_name: string;
}): string {
  return `/media/audio/${wave.channel_id}/${wave.created_epoch_day}/${wave.wave_name}/${wave.channel_id}_${wave.wave_name}.mp3`;
}

/**
 * The wave's portrait video beside its audio (docs/product/api.md "Media"):
 * {channel_id}/{created_epoch_day}/{wave_name}/{channel_id}_{wave_name}.mp4, with its version as
 * `?v=` so a video rendered anew (after a title edit) is not answered from a cache. Only for an
 * item whose `has_video` is true.
 */
export function videoUrl(wave: {
  channel_id: number;
  created_epoch_day: number;
  wave_name: string;
  video_version: string | null;
}): string {
  const version = wave.video_version ? `?v=${encodeURIComponent(wave.video_version)}` : '';
  return `/media/audio/${wave.channel_id}/${wave.created_epoch_day}/${wave.wave_name}/${wave.channel_id}_${wave.wave_name}.mp4${version}`;
}

/** The audiogram card as a PNG (share as image, a poster for the video). */
export function cardImageUrl(
  waveName: string,
  orientation: 'landscape' | 'portrait' | 'square',
): string {
  return `/media/card/${encodeURIComponent(waveName)}.png?orient=${orientation}`;
}

/** Fallback avatars shown when an avatar fails to load (a random one, docs/product/accounts.md "Profile images"). */
export const FALLBACK_AVATAR_COUNT = 6;
export const fallbackAvatarUrl = (index: number) => `/images/fallback-avatar-${index}.svg`;
