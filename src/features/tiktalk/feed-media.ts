import type { WaveListItem } from '../../api/contract/wave.ts';
import { audioUrl } from '../../lib/media-urls.ts';

/**
 * What the feed plays for a wave: its portrait video once it has one, else its audio under
 * the wave's card (docs/product/listening.md "Short-video feed").
 */
export type FeedMedia =
  | { kind: 'video'; src: string; poster: string | null }
  | { kind: 'audio'; src: string; poster: string | null };

export function feedMedia(wave: WaveListItem): FeedMedia {
  return { kind: 'audio', src: audioUrl(wave), poster: null };
}
