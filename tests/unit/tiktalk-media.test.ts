import { describe, expect, it } from 'vitest';
import { feedMedia } from '../../src/features/tiktalk/feed-media.ts';

const wave = {
  wave_name: 'a1b2c3',
  channel_id: 7,
  created_epoch_day: 20_000,
  has_video: false,
  video_version: null,
};

describe('what the feed plays for a wave', () => {
  it('plays the portrait video once it exists, by its version', () => {
    expect(feedMedia({ ...wave, has_video: true, video_version: 'v9' })).toEqual({
      kind: 'video',
      src: '/media/audio/7/20000/a1b2c3/7_a1b2c3.mp4?v=v9',
    });
  });

  it('plays the audio (under the card) until then', () => {
    expect(feedMedia(wave)).toEqual({
      kind: 'audio',
      src: '/media/audio/7/20000/a1b2c3/7_a1b2c3.mp3',
    });
  });
});
