import { describe, expect, it } from 'vitest';
import { shareHref } from '../../src/features/tiktalk/share-targets.ts';
import { isAppleMobile, publicWaveLink, smsHref } from '../../src/lib/share-links.ts';

const wave = { wave_name: 'aB3dE5fG7h', username: 'jürgen', title: 'Grüße & mehr' };
const origin = 'https://waves.example';
const text = '“Grüße & mehr” by @jürgen';
const link = (o: string) => `https://waves.example/u/j%C3%BCrgen/aB3dE5fG7h?o=${o}`;
const e = encodeURIComponent;

describe('share targets', () => {
  it('builds the wave’s public link, saying where it was shared from', () => {
    expect(publicWaveLink(wave, origin)).toBe('https://waves.example/u/j%C3%BCrgen/aB3dE5fG7h');
    expect(publicWaveLink(wave, origin, 'copy')).toBe(link('copy'));
  });

  it('opens each target’s own share address with the link', () => {
    expect(shareHref('whatsapp', wave, origin, text)).toBe(
      `https://wa.me/?text=${e(`${text} ${link('whatsapp')}`)}`,
    );
    expect(shareHref('facebook', wave, origin, text)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${e(link('facebook'))}`,
    );
    expect(shareHref('twitter', wave, origin, text)).toBe(
      `https://x.com/intent/tweet?text=${e(text)}&url=${e(link('twitter'))}`,
    );
    expect(shareHref('email', wave, origin, text)).toBe(
      `mailto:?subject=${e(text)}&body=${e(`${text}\n\n${link('email')}`)}`,
    );
  });

  it('writes the sms: form each platform reads', () => {
    expect(shareHref('sms', wave, origin, text, true)).toBe(
      `sms:&body=${e(`${text} ${link('sms')}`)}`,
    );
    expect(shareHref('sms', wave, origin, text, false)).toBe(
      `sms:?body=${e(`${text} ${link('sms')}`)}`,
    );
    expect(smsHref('hi', false)).toBe('sms:?body=hi');
  });

  it('knows iPhones and iPads, also an iPad that says it is a Mac', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15';
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Mobile';
    expect(isAppleMobile(iphone, 5)).toBe(true);
    expect(isAppleMobile(mac, 5)).toBe(true);
    expect(isAppleMobile(mac, 0)).toBe(false);
    expect(isAppleMobile(android, 5)).toBe(false);
  });
});
