import { publicWaveLink, smsHref } from '../../lib/share-links.ts';

/**
 * Where the share overlay sends a wave (docs/product/listening.md "Short-video feed"): each
 * target's own share address with the wave's public link. Instagram has no share address for
 * links; it gets the system share sheet (with the video) where there is one, else the link is
 * copied and Instagram opened.
 */
export type ShareTarget = 'whatsapp' | 'facebook' | 'twitter' | 'email' | 'sms';

export interface ShareSubject {
  wave_name: string;
  username: string;
  title: string;
}

export function shareHref(
  target: ShareTarget,
  wave: ShareSubject,
  origin: string,
  text: string,
  appleMobile?: boolean,
): string {
  const link = publicWaveLink(wave, origin, target);
  const e = encodeURIComponent;
  switch (target) {
    case 'whatsapp':
      return `https://wa.me/?text=${e(`${text} ${link}`)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${e(link)}`;
    case 'twitter':
      return `https://x.com/intent/tweet?text=${e(text)}&url=${e(link)}`;
    case 'email':
      return `mailto:?subject=${e(text)}&body=${e(`${text}\n\n${link}`)}`;
    case 'sms':
      return smsHref(`${text} ${link}`, appleMobile);
  }
}

export const INSTAGRAM_URL = 'https://www.instagram.com/';
