import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { PUBLIC_ACCESS_RULE } from '../../src/api/contract/constants.ts';
import { channelsRepository } from '../db/repositories/channels-repository.ts';
import { usersRepository } from '../db/repositories/users-repository.ts';
import { locateFfmpeg, type Ffmpeg } from '../media/ffmpeg.ts';
import type { Services } from '../services/container.ts';
import type { Viewer } from '../services/session-service.ts';
import { CHANNELS, FOLLOWS, LIKES, LISTENS, USERS, WAVES, type DemoWave } from './demo-content.ts';
import { drawProductPictures, PRODUCTS } from './demo-products.ts';

/**
 * A small living site for a newcomer (docs/product/shell.md "Demo data"): a few people with
 * pictures, channels in English and German, and waves with real speech. The speech is committed
 * as small Opus files (`demo-media/`, made by scripts/make-demo-media.ts), so any ffmpeg —
 * the system's or the npm fallback, which cannot synthesise speech — publishes the same demo
 * through the product's own encoding. Runs once per database, after the server listens;
 * without ffmpeg it logs and does nothing.
 */

/** The committed speech and pictures, beside this file (the build copies them along). */
export const DEMO_MEDIA_DIR = path.join(import.meta.dirname, 'demo-media');

export interface DemoSeedResult {
  status: 'seeded' | 'already-seeded' | 'skipped';
  reason?: string;
  users?: number;
  channels?: number;
  waves?: number;
  products?: number;
  ms?: number;
}

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

async function speak(ffmpeg: Ffmpeg, dir: string, wave: DemoWave): Promise<string> {
  const output = path.join(dir, `${wave.key}.mp3`);
  // The published encoding directly, so publishing stores the file as it is.
  await ffmpeg.transcodeToMp3({ file: path.join(DEMO_MEDIA_DIR, `${wave.key}.opus`) }, output, {
    timeoutMs: 30_000,
  });
  return output;
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function seedDemo(services: Services, log: Logger): Promise<DemoSeedResult> {
  const started = Date.now();
  const { db, clock, config } = services;
  const users = usersRepository(db.kysely);
  const channels = channelsRepository(db.kysely);
  if (await users.findByUsername(USERS[0]?.username ?? '')) {
    return { status: 'already-seeded' };
  }
  const ffmpeg = await locateFfmpeg({
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
  }).catch(() => null);
  if (!ffmpeg) {
    log.warn('demo data skipped: ffmpeg was not found (install ffmpeg or set FFMPEG_PATH)');
    return { status: 'skipped', reason: 'no ffmpeg' };
  }

  // The slow part first, so a failure leaves the database untouched.
  // In the process's scratch folder: a restart after a crash removes it (and stops its ffmpeg).
  await mkdir(services.scratch.path('demo'), { recursive: true });
  const work = await mkdtemp(path.join(services.scratch.path('demo'), 'speech-'));
  try {
    let audio: string[];
    try {
      audio = await mapLimited(WAVES, 2, (wave) => speak(ffmpeg, work, wave));
    } catch (error) {
      log.warn(`demo data skipped: ffmpeg could not encode the demo's speech (${String(error)})`);
      return { status: 'skipped', reason: 'audio encoding failed' };
    }

    const encodedAt = Date.now();
    const now = clock.now();
    const userIds = new Map<string, { userId: number; homeTeamId: number }>();
    for (const user of USERS) {
      const ids = await users.insertWithHomeTeam({
        ...user,
        username_lower: user.username,
        email: null,
        password_hash: null,
        created_at: now - 30 * 86_400_000,
        updated_at: now,
      });
      userIds.set(user.username, ids);
      const pictures = await services.profileImages.prepare({
        avatar: path.join(DEMO_MEDIA_DIR, `${user.username}-avatar.webp`),
        cover: path.join(DEMO_MEDIA_DIR, `${user.username}-cover.webp`),
      });
      if (pictures.avatar) await services.profileImages.storeAvatar(ids.userId, pictures.avatar);
      if (pictures.cover) await services.profileImages.storeCover(ids.userId, pictures.cover);
    }
    const viewerOf = (username: string): Viewer => ({
      userId: userIds.get(username)?.userId ?? 0,
      username,
      sessionId: null,
      isAnonymous: false,
      isAdmin: false,
    });

    for (const channel of CHANNELS) {
      await channels.insertIfAbsent({
        channel_name: channel.channel_name,
        channel_name_lower: channel.channel_name,
        description: channel.description,
        language_code_ui: channel.language,
        channel_access_rule: PUBLIC_ACCESS_RULE,
        created_at: now - 30 * 86_400_000,
      });
    }
    // The demo's channels and the default ones its waves also go to.
    const channelIds = new Map<string, number>();
    for (const name of new Set(WAVES.flatMap((wave) => (wave.channel ? [wave.channel] : [])))) {
      const channel = await channels.findByName(name);
      if (channel) channelIds.set(name, channel.id);
    }

    // Oldest first, so ids follow creation time; spread over the last few days.
    const names = new Map<string, string>();
    const spacing = 5 * 3_600_000;
    const published: Promise<unknown>[] = [];
    let running = 0;
    const waiting: (() => void)[] = [];
    const publishLimited = async <T>(task: () => Promise<T>): Promise<T> => {
      while (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        return await task();
      } finally {
        running -= 1;
        waiting.shift()?.();
      }
    };
    // Records in creation order (ids follow time); the audio of two at a time in parallel.
    for (const [index, wave] of WAVES.entries()) {
      if (wave.replyTo) {
        // A reply needs its parent published.
        await published[WAVES.findIndex((candidate) => candidate.key === wave.replyTo)];
      }
      const record = await services.wavePublisher.createWave({
        userId: userIds.get(wave.user)?.userId ?? 0,
        channelId: wave.channel ? channelIds.get(wave.channel) : undefined,
        inReplyToWaveName: wave.replyTo ? names.get(wave.replyTo) : undefined,
        title: wave.title,
        createdAt: now - (WAVES.length - index) * spacing,
      });
      names.set(wave.key, record.wave_name);
      published[index] = publishLimited(() =>
        services.wavePublisher.publishFromFile(record.id, audio[index] ?? '', { move: true }),
      );
    }
    await Promise.all(published);
    const publishedAt = Date.now();

    for (const [key, likers] of Object.entries(LIKES)) {
      const name = names.get(key);
      if (!name) continue;
      for (const liker of likers) {
        await services.waves.like(name, { viewer: viewerOf(liker), viewerKey: `u:${liker}` });
      }
    }
    const anonymous = services.anonymousViewer;
    for (const [key, listens] of Object.entries(LISTENS)) {
      const name = names.get(key);
      if (!name) continue;
      for (let i = 0; i < listens; i += 1) {
        await services.waves.logView(name, { viewer: anonymous, viewerKey: `demo:${i}` });
      }
    }
    for (const [follower, followed] of FOLLOWS) {
      const team = userIds.get(followed)?.homeTeamId;
      if (team !== undefined) await services.follows.setSubscribed(viewerOf(follower), team, true);
    }

    // The treasure hunt: listed now, so their prices fall while the newcomer looks.
    for (const product of PRODUCTS) {
      const { key, seller, boughtBy, ...fields } = product;
      const listed = await services.treasureHunt.create(
        viewerOf(seller),
        fields,
        await drawProductPictures(key, work),
      );
      if (boughtBy) {
        const buyer = viewerOf(boughtBy);
        await services.treasureHunt.buy(buyer, {
          productId: listed.id,
          offerCents: Math.round(listed.start_price * 100),
          userId: buyer.userId,
        });
      }
    }

    const result: DemoSeedResult = {
      status: 'seeded',
      users: USERS.length,
      channels: CHANNELS.length,
      waves: WAVES.length,
      products: PRODUCTS.length,
      ms: Date.now() - started,
    };
    const phases = `encoding ${encodedAt - started} ms, publishing ${publishedAt - encodedAt} ms, likes/listens/follows ${Date.now() - publishedAt} ms`;
    log.info(
      `demo data: ${result.users} users, ${result.channels} channels, ${result.waves} waves with speech, pictures, likes, listens and follows, ${result.products} products in ${result.ms} ms (${phases})`,
    );
    return result;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
