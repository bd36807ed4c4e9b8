import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PUBLIC_ACCESS_RULE } from '../../src/api/contract/constants.ts';
import { channelsRepository } from '../db/repositories/channels-repository.ts';
import { usersRepository } from '../db/repositories/users-repository.ts';
import { locateFfmpeg, type Ffmpeg } from '../media/ffmpeg.ts';
import type { Services } from '../services/container.ts';
import type { Viewer } from '../services/session-service.ts';

/**
 * A small living site for a newcomer (foundation issue: "outside production mode, a small demo
 * data set"): a few people, channels in English and German, and waves with real speech that
 * ffmpeg synthesises at seed time (its `flite` filter), so no audio lives in the repository.
 * Runs once per database, after the server listens; without ffmpeg it logs and does nothing.
 */

interface DemoUser {
  username: string;
  displayname: string;
  about: string;
  usercountrycode: string;
  userregionname: string;
  language_code_ui: string;
}

const USERS: DemoUser[] = [
  {
    username: 'lena-berlin',
    displayname: 'Lena Schmidt',
    about: 'Radio-Fan aus Berlin. Ich erzähle vom Leben in der Stadt.',
    usercountrycode: 'DE',
    userregionname: 'Berlin',
    language_code_ui: 'de',
  },
  {
    username: 'marcus-audio',
    displayname: 'Marcus Reed',
    about: 'Sound engineer. Short tips for recording your voice on a phone.',
    usercountrycode: 'US',
    userregionname: 'California',
    language_code_ui: 'en',
  },
  {
    username: 'priya-reads',
    displayname: 'Priya Nair',
    about: 'I read very short stories and poems aloud.',
    usercountrycode: 'IN',
    userregionname: 'Kerala',
    language_code_ui: 'en',
  },
  {
    username: 'tom-wandert',
    displayname: 'Tom Becker',
    about: 'Wandern, Berge und Kaffee. Grüße aus Wien.',
    usercountrycode: 'AT',
    userregionname: 'Wien',
    language_code_ui: 'de',
  },
  {
    username: 'sofia-cooks',
    displayname: 'Sofia Rossi',
    about: 'Home cook. One recipe idea a day, in under a minute.',
    usercountrycode: 'IT',
    userregionname: 'Toscana',
    language_code_ui: 'en',
  },
];

const CHANNELS = [
  { channel_name: 'podcasts', description: 'Talk about the shows you love', language: 'en' },
  { channel_name: 'stories', description: 'Short stories and poems read aloud', language: 'en' },
  { channel_name: 'recording-tips', description: 'Sound better on any phone', language: 'en' },
  { channel_name: 'berlin', description: 'Alles über Berlin', language: 'de' },
  { channel_name: 'geschichten', description: 'Kurze Geschichten zum Zuhören', language: 'de' },
] as const;

interface DemoWave {
  key: string;
  user: string;
  channel?: string;
  replyTo?: string;
  title: string;
  text: string;
  voice: 'slt' | 'kal' | 'awb' | 'rms';
}

const WAVES: DemoWave[] = [
  {
    key: 'welcome',
    user: 'marcus-audio',
    channel: 'general',
    title: 'Welcome to the neighbourhood',
    text: 'Hello and welcome. This is a place for short voice messages. Press play, listen, and record your own.',
    voice: 'kal',
  },
  {
    key: 'tip-distance',
    user: 'marcus-audio',
    channel: 'recording-tips',
    title: 'Tip one: hold the phone closer',
    text: 'Quick tip. Hold your phone about a hand away from your mouth. You will sound clearer, and the room will sound smaller.',
    voice: 'kal',
  },
  {
    key: 'hallo',
    user: 'lena-berlin',
    channel: 'allgemein',
    title: 'Hallo aus Berlin',
    text: 'Hallo zusammen! Ich bin Lena aus Berlin. Schön, dass ihr da seid.',
    voice: 'slt',
  },
  {
    key: 'poem',
    user: 'priya-reads',
    channel: 'stories',
    title: 'A very small poem about rain',
    text: 'The rain arrived without a sound. It wrote its name on every window, then it left before the morning.',
    voice: 'slt',
  },
  {
    key: 'risotto',
    user: 'sofia-cooks',
    channel: 'general',
    title: 'Risotto in one breath',
    text: 'Risotto in one breath. Onion, rice, a splash of wine, then warm stock, one ladle at a time. Finish with butter and cheese.',
    voice: 'slt',
  },
  {
    key: 'spree',
    user: 'lena-berlin',
    channel: 'berlin',
    title: 'Ein Morgen an der Spree',
    text: 'Heute Morgen an der Spree. Die Sonne ist da, die Stadt ist noch leise.',
    voice: 'slt',
  },
  {
    key: 'podcast-pick',
    user: 'priya-reads',
    channel: 'podcasts',
    title: 'My podcast pick of the week',
    text: 'My pick of the week is a show about the history of maps. Every episode is twenty minutes, and every one surprised me.',
    voice: 'slt',
  },
  {
    key: 'berge',
    user: 'tom-wandert',
    channel: 'allgemein',
    title: 'Grüße aus den Bergen',
    text: 'Servus aus den Bergen! Der Weg war lang, aber der Kaffee oben ist der beste.',
    voice: 'rms',
  },
  {
    key: 'tip-room',
    user: 'marcus-audio',
    channel: 'recording-tips',
    title: 'Tip two: soft rooms sound better',
    text: 'Tip two. Record in a room with soft things, like a sofa or curtains. Bare walls make an echo.',
    voice: 'kal',
  },
  {
    key: 'tip-room-thanks',
    user: 'priya-reads',
    replyTo: 'tip-room',
    title: 'Re: soft rooms. It works!',
    text: 'I tried this in my wardrobe, between the coats. It really works. Thank you.',
    voice: 'slt',
  },
  {
    key: 'tip-room-car',
    user: 'tom-wandert',
    replyTo: 'tip-room',
    title: 'Re: soft rooms, what about the car?',
    text: 'What about recording in a parked car? It is quiet and full of soft seats.',
    voice: 'rms',
  },
  {
    key: 'maerchen',
    user: 'tom-wandert',
    channel: 'geschichten',
    title: 'Ein kurzes Märchen',
    text: 'Es war einmal ein kleiner Fuchs, der wollte fliegen. Er lernte es nie, aber er fand viele Freunde.',
    voice: 'rms',
  },
  {
    key: 'pasta',
    user: 'sofia-cooks',
    channel: 'general',
    title: 'Pasta water is liquid gold',
    text: 'Never throw away your pasta water. A spoonful makes every sauce silky.',
    voice: 'slt',
  },
  {
    key: 'late-story',
    user: 'priya-reads',
    channel: 'stories',
    title: 'The last train home',
    text: 'On the last train home, a stranger hummed a song my grandmother used to sing. I still do not know its name.',
    voice: 'slt',
  },
];

/** Who likes what (by wave key), and how many anonymous listens each wave gets. */
const LIKES: Record<string, string[]> = {
  welcome: ['lena-berlin', 'priya-reads', 'sofia-cooks', 'tom-wandert'],
  'tip-distance': ['priya-reads', 'sofia-cooks'],
  hallo: ['tom-wandert', 'marcus-audio'],
  poem: ['marcus-audio', 'sofia-cooks', 'lena-berlin'],
  risotto: ['priya-reads'],
  'tip-room': ['priya-reads', 'tom-wandert', 'lena-berlin'],
  berge: ['lena-berlin'],
  pasta: ['marcus-audio', 'priya-reads'],
};
const LISTENS: Record<string, number> = {
  welcome: 23,
  'tip-distance': 9,
  hallo: 12,
  poem: 17,
  risotto: 6,
  spree: 4,
  'podcast-pick': 5,
  berge: 8,
  'tip-room': 14,
  'tip-room-thanks': 3,
  maerchen: 2,
  pasta: 7,
};
const FOLLOWS: [string, string][] = [
  ['lena-berlin', 'tom-wandert'],
  ['tom-wandert', 'lena-berlin'],
  ['priya-reads', 'marcus-audio'],
  ['sofia-cooks', 'marcus-audio'],
  ['marcus-audio', 'priya-reads'],
  ['lena-berlin', 'priya-reads'],
];

export interface DemoSeedResult {
  status: 'seeded' | 'already-seeded' | 'skipped';
  reason?: string;
  users?: number;
  channels?: number;
  waves?: number;
  ms?: number;
}

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

async function speak(ffmpeg: Ffmpeg, dir: string, wave: DemoWave): Promise<string> {
  const textFile = path.join(dir, `${wave.key}.txt`);
  const output = path.join(dir, `${wave.key}.mp3`);
  await writeFile(textFile, wave.text, 'utf8');
  // The text goes through a file: no escaping of quotes, colons or commas in the filter.
  const escaped = textFile.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/:/g, '\\:');
  // The published encoding directly, so publishing stores the file as it is.
  await ffmpeg.transcodeToMp3(
    { lavfi: `flite=textfile='${escaped}':voice=${wave.voice}` },
    output,
    {
      timeoutMs: 30_000,
    },
  );
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
  const work = await mkdtemp(path.join(tmpdir(), 'waves-demo-'));
  try {
    let audio: string[];
    try {
      audio = await mapLimited(WAVES, 2, (wave) => speak(ffmpeg, work, wave));
    } catch (error) {
      log.warn(`demo data skipped: ffmpeg could not synthesise speech (${String(error)})`);
      return { status: 'skipped', reason: 'no speech synthesis' };
    }

    const synthesisedAt = Date.now();
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

    const result: DemoSeedResult = {
      status: 'seeded',
      users: USERS.length,
      channels: CHANNELS.length,
      waves: WAVES.length,
      ms: Date.now() - started,
    };
    const phases = `speech ${synthesisedAt - started} ms, publishing ${publishedAt - synthesisedAt} ms, likes/listens/follows ${Date.now() - publishedAt} ms`;
    log.info(
      `demo data: ${result.users} users, ${result.channels} channels, ${result.waves} waves with synthesised speech, likes, listens and follows in ${result.ms} ms (${phases})`,
    );
    return result;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
