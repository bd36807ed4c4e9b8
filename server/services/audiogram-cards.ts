import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { WaveMetadata } from '../../src/api/contract/wave.ts';
import { cardPropsOf } from '../../src/lib/audiogram-card/card-content.ts';
import { CARD_GEOMETRY, type CardOrientation } from '../../src/lib/audiogram-card/card-geometry.ts';
import { englishCardLabels } from '../../src/lib/audiogram-card/card-labels.ts';
import type { AudiogramCardProps } from '../../src/lib/audiogram-card/card-layout.tsx';
import { encodePeaks } from '../../src/lib/audiogram-card/waveform-peaks.ts';
import { avatarDataUrl, renderCardPng } from '../media/card-image.ts';
import { cardImageKey } from '../media/media-keys.ts';
import type { MediaStorage } from '../media/storage.ts';
import { MINUTE, type RateLimiter } from './rate-limiter.ts';
import type { ProfileImageService } from './profile-image-service.ts';
import type { Caller } from './wave-access.ts';
import type { WaveService } from './wave-service.ts';

/**
 * Bumped whenever the card's layout changes what it draws, so every stored card image and
 * video is made again (their versions include it).
 */
const CARD_DESIGN = 'card-1';

/** Card images one address may have drawn (stored images are free) per ten minutes. */
export const CARD_RENDERS_PER_IP = 30;

/**
 * The audiogram card on the server (docs/product/listening.md "Audiogram card"): its props as
 * the server draws them, a version naming what it shows, and the PNG that "Share as image" and
 * the feed's poster use. An image is drawn once per wave, orientation and content, and kept in
 * the wave's media folder (deleted with the wave); a wave whose title changes gets new ones.
 */
export function audiogramCards(deps: {
  waves: Pick<WaveService, 'readableMetadata'>;
  storage: MediaStorage;
  profileImages: ProfileImageService;
  rateLimiter: RateLimiter;
  /** Origin of the public wave pages the QR code opens. */
  publicUrl: string;
  siteName: string;
}) {
  const { storage } = deps;
  /** Renders in progress in this process, so concurrent asks for one image draw it once. */
  const drawing = new Map<string, Promise<unknown>>();

  /** The avatar at the card's size as a data URL: the user's image or the fallback. */
  async function avatarOf(wave: WaveMetadata, size: number): Promise<string> {
    const source = await deps.profileImages.avatar(
      wave.user_id,
      512,
      wave.avatar_version ?? undefined,
    );
    let image: Buffer | null = null;
    if (source?.kind === 'preset') image = await readFile(source.file);
    if (source?.kind === 'stored') {
      const chunks: Buffer[] = [];
      for await (const chunk of storage.createReadStream(source.key) as Readable) {
        chunks.push(chunk as Buffer);
      }
      image = Buffer.concat(chunks);
    }
    if (!image) throw new Error(`no avatar for user ${wave.user_id}`);
    return avatarDataUrl(image, size);
  }

  /** The card's props as the server draws them: English words, the shipped fonts' zone. */
  async function propsOf(
    wave: WaveMetadata,
    orientation: CardOrientation,
  ): Promise<AudiogramCardProps> {
    return cardPropsOf(wave, {
      orientation,
      avatarSrc: await avatarOf(wave, CARD_GEOMETRY[orientation].avatar),
      origin: deps.publicUrl,
      siteName: deps.siteName,
      labels: englishCardLabels,
    });
  }

  /** Names everything the card shows: equal versions draw equal cards. */
  function versionOf(wave: WaveMetadata): string {
    const shown = [
      CARD_DESIGN,
      deps.publicUrl,
      deps.siteName,
      wave.wave_name,
      wave.title,
      wave.username,
      wave.displayname,
      wave.team_name,
      wave.channel_name,
      wave.description,
      wave.duration,
      wave.published,
      wave.created,
      wave.user_id,
      wave.avatar_version,
      wave.waveform ? encodePeaks(wave.waveform) : null,
    ];
    return createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 16);
  }

  return {
    propsOf,
    versionOf,

    /**
     * The card of a wave the caller may read, as a stored PNG (drawn now when it is not yet
     * stored; drawing counts against the caller's address). Not found like the wave itself.
     */
    async image(waveName: string, orientation: CardOrientation, caller: Caller, ip: string) {
      const { metadata, isPrivate } = await deps.waves.readableMetadata(waveName, caller);
      const version = versionOf(metadata);
      const location = {
        channel_id: metadata.channel_id,
        created_epoch_day: metadata.created_epoch_day,
        wave_name: metadata.wave_name,
      };
      const key = cardImageKey(location, orientation, version);
      let stored = await storage.stat(key);
      if (!stored) {
        let pending = drawing.get(key);
        if (!pending) {
          await deps.rateLimiter.hit(`card:ip:${ip}`, CARD_RENDERS_PER_IP, 10 * MINUTE);
          pending = (async () => {
            const png = await renderCardPng(await propsOf(metadata, orientation));
            await storage.putStream(key, Readable.from([png]));
          })().finally(() => drawing.delete(key));
          drawing.set(key, pending);
        }
        await pending;
        stored = await storage.stat(key);
        if (!stored) throw new Error(`the card image ${key} was not stored`);
      }
      return {
        size: stored.size,
        etag: `"${version}-${orientation}"`,
        isPrivate,
        open: () => storage.createReadStream(key),
      };
    },
  };
}

export type AudiogramCards = ReturnType<typeof audiogramCards>;
