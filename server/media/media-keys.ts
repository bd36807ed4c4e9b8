/**
 * Storage keys of media, mirroring the public URLs of src/lib/media-urls.ts (served under
 * /media/): audio at the path of docs/product/api.md "Media"
 * `audio/{channel_id}/{created_epoch_day}/{wave_name}/{channel_id}_{wave_name}.mp3`.
 */
export interface AudioLocation {
  channel_id: number;
  created_epoch_day: number;
  wave_name: string;
}

/** The folder of one wave's media: audio, video and card images (deleted with the wave). */
export function waveFolderKey(wave: AudioLocation): string {
  return `audio/${wave.channel_id}/${wave.created_epoch_day}/${wave.wave_name}/`;
}

export function audioKey(wave: AudioLocation): string {
  return `${waveFolderKey(wave)}${wave.channel_id}_${wave.wave_name}.mp3`;
}

/** The portrait video beside the audio: `…/{channel_id}_{wave_name}.mp4`. */
export function videoKey(wave: AudioLocation): string {
  return `${waveFolderKey(wave)}${wave.channel_id}_${wave.wave_name}.mp4`;
}

/** A rendered card image; `version` names the content it shows, so an edit gets a new key. */
export function cardImageKey(wave: AudioLocation, orientation: string, version: string): string {
  return `${waveFolderKey(wave)}card-${orientation}-${version}.png`;
}

/**
 * A complete upload waiting for (or in) its transcode job, where every worker reads it. Never
 * served: no media route maps to `uploads/`.
 */
export const RECEIVED_PREFIX = 'uploads/received/';

export function receivedKey(name: string): string {
  return `${RECEIVED_PREFIX}${name}`;
}
