import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  avatarDataUrl,
  fontCoverage,
  renderableText,
  renderCardPng,
} from '../../server/media/card-image.ts';
import {
  CARD_GEOMETRY,
  CARD_ORIENTATIONS,
  type CardOrientation,
} from '../../src/lib/audiogram-card/card-geometry.ts';
import { CARD_COLORS, type AudiogramCardProps } from '../../src/lib/audiogram-card/card-layout.tsx';
import { publicWaveUrl } from '../../src/lib/audiogram-card/card-qr.ts';
import { englishCardLabels } from '../../src/lib/audiogram-card/card-labels.ts';

const waveUrl = publicWaveUrl('http://localhost:8080', 'jürgen', 'aB3dE5fG7h');

async function cardProps(orientation: CardOrientation): Promise<AudiogramCardProps> {
  // A stored avatar is WebP; the renderer gets it as a PNG data URL.
  const webp = await sharp({
    create: { width: 600, height: 600, channels: 3, background: '#f97316' },
  })
    .webp()
    .toBuffer();
  return {
    orientation,
    avatarSrc: await avatarDataUrl(webp, CARD_GEOMETRY[orientation].avatar),
    title: 'Grüße aus München: Straßenbahn um 7',
    username: 'jürgen',
    displayName: 'Jürgen Müller',
    teamName: 'Łódź & Ærø',
    channelName: 'allgemein',
    description: 'Ein kurzer Gruß an alle, die heute Morgen gewartet haben.',
    durationSeconds: 187,
    published: true,
    created: '2025-01-05T15:07:00Z',
    timeZone: 'UTC',
    qrUrl: waveUrl,
    siteName: 'Waves',
    labels: englishCardLabels,
    waveform: Array.from({ length: 64 }, (_, index) => (index % 7) / 7),
  };
}

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info };
}

describe('the audiogram card as an image (satori + resvg)', () => {
  it.each(CARD_ORIENTATIONS)(
    'renders %s at its size with a QR code that opens the wave’s public page',
    async (orientation) => {
      const png = await renderCardPng(await cardProps(orientation));
      const { width, height } = CARD_GEOMETRY[orientation];
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width, height });

      const { data, info } = await pixels(png);
      const qr = jsQR(data, info.width, info.height);
      expect(qr?.data).toBe(waveUrl);
    },
  );

  it('draws the brand background, the avatar and the waveform where the layout puts them', async () => {
    const props = await cardProps('portrait');
    const { data, info } = await pixels(await renderCardPng(props));
    // Within a few levels per channel: the WebP avatar is lossy.
    const near = (x: number, y: number, colour: string) => {
      const offset = (y * info.width + x) * 4;
      const expected = [1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16));
      expected.forEach((value, channel) => {
        expect(Math.abs(data[offset + channel]! - value)).toBeLessThanOrEqual(3);
      });
    };
    const { padding, avatar, panel } = CARD_GEOMETRY.portrait;
    // The avatar's centre is the orange test image, the waveform panel is the dark panel colour.
    near(padding + avatar / 2, padding + avatar / 2, '#f97316');
    near(panel.x + 8, panel.y + panel.height / 2, CARD_COLORS.panel);
  });

  it('leaves out characters no shipped font draws instead of drawing "missing glyph" boxes', async () => {
    const covers = await fontCoverage();
    expect(renderableText('Grüße 🎉 时间 — Привет ελληνικά Tiếng Łódź', covers)).toBe(
      'Grüße — Привет ελληνικά Tiếng Łódź',
    );
    expect(renderableText('🎉🎉', covers)).toBe('');
    // A title of only such characters then shows the "Untitled Wave" label.
    const png = await renderCardPng({ ...(await cardProps('square')), title: '时间' });
    expect((await sharp(png).metadata()).width).toBe(1080);
  });
});
