/**
 * Storage keys of media, mirroring the public URLs of src/lib/media-urls.ts (served under
 * /media/): audio at the spec's path
 * `audio/{channel_id}/{created_epoch_day}/{wave_name}/{channel_id}_{wave_name}.mp3`.
 */
export interface AudioLocation {
  channel_id: number;
  created_epoch_day: number;
  wave_name: string;
}

/** The folder of one wave's media (audio now; cards and videos later). */
export function waveFolderKey(wave: AudioLocation): string {
  return `audio/${wave.channel_id}/${wave.created_epoch_day}/${wave.wave_name}/`;
}

export function audioKey(wave: AudioLocation): string {
  return `${waveFolderKey(wave)}${wave.channel_id}_${wave.wave_name}.mp3`;
}
