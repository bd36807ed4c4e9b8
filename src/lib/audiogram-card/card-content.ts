import type { WaveMetadata } from '../../api/contract/wave.ts';
import type { CardOrientation } from './card-geometry.ts';
import type { AudiogramCardProps, CardLabels } from './card-layout.tsx';
import { publicWaveUrl } from './card-qr.ts';

/**
 * A wave's metadata as the card's props, the same way on the card page and on the server (the
 * shared PNG, the video's frames); only the avatar, the origin and the words differ by renderer.
 */
export function cardPropsOf(
  wave: WaveMetadata,
  options: {
    orientation: CardOrientation;
    /** The creator's avatar as the renderer loads it (a URL in the browser, a data URL on the server). */
    avatarSrc: string;
    /** Origin of the wave's public page, e.g. `https://waves.example`. */
    origin: string;
    siteName: string;
    labels: CardLabels;
    timeZone?: string;
  },
): AudiogramCardProps {
  return {
    orientation: options.orientation,
    avatarSrc: options.avatarSrc,
    title: wave.title,
    username: wave.username,
    displayName: wave.displayname,
    teamName: wave.team_name,
    channelName: wave.channel_name,
    description: wave.description,
    durationSeconds: wave.duration,
    published: wave.published,
    created: wave.created,
    qrUrl: publicWaveUrl(options.origin, wave.username, wave.wave_name),
    siteName: options.siteName,
    labels: options.labels,
    waveform: wave.waveform,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  };
}
