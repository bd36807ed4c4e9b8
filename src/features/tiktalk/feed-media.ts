import type { WaveListItem } from '../../api/contract/wave.ts';
import { audioUrl, videoUrl } from '../../lib/media-urls.ts';

/**
 * What the feed plays for a wave: its portrait video once it has one, else its audio under
 * the wave's card (docs/product/listening.md "Short-video feed"). The card is drawn in the
 * page, not asked of the server as an image: the server draws a card image on the main thread
 * of its process, and five at once (the preload window) held up every other request.
 */
export type FeedMedia = { kind: 'video' | 'audio'; src: string };

export function feedMedia(
  wave: Pick<
    WaveListItem,
    'wave_name' | 'channel_id' | 'created_epoch_day' | 'has_video' | 'video_version'
  >,
): FeedMedia {
  return wave.has_video
    ? { kind: 'video', src: videoUrl(wave) }
    : { kind: 'audio', src: audioUrl(wave) };
}
