import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { channelsRepository } from '../../server/db/repositories/channels-repository.ts';
import { usersRepository } from '../../server/db/repositories/users-repository.ts';
import { openDatabase } from '../../server/db/database.ts';
import { enqueueWaveVideo } from '../../server/jobs/render-wave-video.ts';
import { jobQueue } from '../../server/jobs/queue.ts';
import { systemClock } from '../../server/kernel/clock.ts';
import { requireFfmpeg } from '../../server/media/ffmpeg.ts';
import { diskMediaStorage } from '../../server/media/storage.ts';
import { DEMO_MEDIA_DIR } from '../../server/seed/demo.ts';
import { CHANNELS, WAVES } from '../../server/seed/demo-content.ts';
import { wavePublisher } from '../../server/services/recording/wave-publisher.ts';

/**
 * The real site for benchmarks: a production build, served by the real server on a temporary
 * DATA_DIR with the demo data (real audio), waited for until its lists are filled.
 */
export interface Site {
  origin: string;
  outDir: string;
  /** The server process's id (its main thread's). */
  serverPid: number;
  stop(): Promise<void>;
}

export function buildClient(outDir: string, extraEnv: Record<string, string> = {}) {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    env: { ...process.env, ...extraEnv },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stderr}`);
}

/** A list page of the product holds this many waves (WAVE_PAGE_SIZE in the client). */
const LIST_PAGE = 30;

const newestCount = (origin: string) =>
  fetch(`${origin}/api/v1/wave/wavelistpublicnewest/en?limit=${LIST_PAGE}`)
    .then((r) => (r.ok ? r.json() : null))
    .then(
      (body: { data?: unknown[] } | null) => body?.data?.length ?? 0,
      () => 0,
    );

/** What every bench publication passes the product's publisher: the site's disk and ffmpeg. */
function publisherBasics(
  db: ReturnType<typeof openDatabase>,
  dataDir: string,
  ffmpeg: Awaited<ReturnType<typeof requireFfmpeg>>,
) {
  return {
    db,
    storage: diskMediaStorage(path.join(dataDir, 'media')),
    ffmpeg: () => Promise.resolve(ffmpeg),
    clock: systemClock,
    siteName: 'Waves',
    workDir: path.join(dataDir, 'tmp'),
  };
}

/**
 * Publishes `count` copies of the demo's English waves (their speech, their people, their
 * channels) through the product's publisher, straight into the site's database. With `videos`,
 * each publication queues its portrait video job, as the server's own publisher does; the
 * site's worker renders them.
 */
async function publishCopies(dataDir: string, count: number, options: { videos?: boolean } = {}) {
  if (count <= 0) return;
  const db = openDatabase({ dataDir });
  const work = mkdtempSync(path.join(tmpdir(), 'waves-bench-fill-'));
  try {
    const ffmpeg = await requireFfmpeg();
    const jobs = jobQueue({ db, clock: systemClock });
    const publisher = wavePublisher({
      ...publisherBasics(db, dataDir, ffmpeg),
      ...(options.videos
        ? {
            onPublishing: (trx: Parameters<typeof enqueueWaveVideo>[3], waveId: number) =>
              enqueueWaveVideo(jobs, waveId, { published: true }, trx),
          }
        : {}),
    });
    const english = new Set<string>(
      CHANNELS.filter((c) => c.language === 'en').map((c) => c.channel_name),
    );
    const sources = WAVES.filter((wave) => wave.channel && english.has(wave.channel));
    const encoded = new Map<string, string>();
    for (let index = 0; index < count; index++) {
      const wave = sources[index % sources.length]!;
      if (!encoded.has(wave.key)) {
        const mp3 = path.join(work, `${wave.key}.mp3`);
        await ffmpeg.transcodeToMp3({ file: path.join(DEMO_MEDIA_DIR, `${wave.key}.opus`) }, mp3);
        encoded.set(wave.key, mp3);
      }
      const user = await usersRepository(db.kysely).findByUsername(wave.user);
      const channel = await channelsRepository(db.kysely).findByName(wave.channel!);
      if (!user || !channel) throw new Error(`the demo has no ${wave.user} or /c/${wave.channel}`);
      const created = await publisher.createWave({
        userId: user.id,
        channelId: channel.id,
        title: `${wave.title} (${Math.floor(index / sources.length) + 2})`,
      });
      // The publisher keeps the file it is given: each wave gets a copy.
      const file = path.join(work, `copy-${index}.mp3`);
      copyFileSync(encoded.get(wave.key)!, file);
      await publisher.publishFromFile(created.id, file);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    await db.close();
  }
}

/** The demo has 9 English waves; a live site's newest list shows a full page. */
async function fillNewestPage(dataDir: string, origin: string) {
  await publishCopies(dataDir, LIST_PAGE - (await newestCount(origin)));
  // The server caches list pages for a second.
  for (let tries = 0; (await newestCount(origin)) < LIST_PAGE; tries++) {
    if (tries > 50) throw new Error('the newest list did not fill up');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startSite(options: {
  port: number;
  outDir: string;
  build?: boolean;
  /** Fill the English newest list to a full page (30 rows) beyond the demo's 9 waves. */
  fullPage?: boolean;
  /**
   * A DATA_DIR that outlives the run (seeded once, reused by the next run), instead of a
   * temporary one.
   */
  dataDir?: string;
  env?: Record<string, string>;
}): Promise<Site & { dataDir: string }> {
  if (options.build !== false) buildClient(options.outDir);
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'waves-bench-site-'));
  mkdirSync(dataDir, { recursive: true });
  const origin = `http://127.0.0.1:${options.port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: options.outDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // A bench measures the page, not load shedding: on the shared machine the server's event
      // loop falls behind at random and answered the app's chunk with 429 (a blank page).
      SHED_EVENT_LOOP_DELAY_MS: '0',
      ...options.env,
    },
    // The server's own log, kept with a kept DATA_DIR (why a server went away, if it did).
    stdio: options.dataDir
      ? [
          'ignore',
          openSync(path.join(dataDir, 'server.log'), 'a'),
          openSync(path.join(dataDir, 'server.log'), 'a'),
        ]
      : 'ignore',
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const waves = await fetch(`${origin}/api/v1/wave/wavelistpublicnewest/en`)
      .then((r) => (r.ok ? r.json() : null))
      .then(
        (body: { data?: unknown[] } | null) => body?.data?.length ?? 0,
        () => 0,
      );
    if (waves >= 5) break;
    if (Date.now() > deadline) throw new Error('the benchmark site did not come up with demo data');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  if (options.fullPage) await fillNewestPage(dataDir, origin);
  return {
    origin,
    outDir: options.outDir,
    serverPid: server.pid!,
    dataDir,
    async stop() {
      if (server.exitCode === null && server.signalCode === null && server.pid) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        process.kill(-server.pid, 'SIGTERM');
        await exited;
      } else {
        console.error(
          `the site's server had already exited (${server.exitCode ?? server.signalCode})`,
        );
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A long wave (`seconds` of a tone, made with ffmpeg now) published by a demo user into the
 * German channel /c/berlin, so the English lists the benches measure stay as they are.
 */
export async function publishLongWave(dataDir: string, title: string, seconds: number) {
  const db = openDatabase({ dataDir });
  const work = mkdtempSync(path.join(tmpdir(), 'waves-bench-long-'));
  try {
    const ffmpeg = await requireFfmpeg();
    const publisher = wavePublisher(publisherBasics(db, dataDir, ffmpeg));
    const channel = await channelsRepository(db.kysely).findByName('berlin');
    const wave = WAVES.find((candidate) => candidate.channel === 'berlin');
    const user = wave && (await usersRepository(db.kysely).findByUsername(wave.user));
    if (!channel || !user) throw new Error('the demo has no /c/berlin or no German author');
    const created = await publisher.createWave({ userId: user.id, channelId: channel.id, title });
    const mp3 = path.join(work, 'long.mp3');
    await ffmpeg.transcodeToMp3({ lavfi: `sine=frequency=220:duration=${seconds}` }, mp3);
    const published = await publisher.publishFromFile(created.id, mp3);
    return { channel: 'berlin', waveName: published.wave_name, title };
  } finally {
    rmSync(work, { recursive: true, force: true });
    await db.close();
  }
}

/** See publishCopies: waves with their portrait videos queued, for the short-video feed. */
export const publishVideoWaves = (dataDir: string, count: number) =>
  publishCopies(dataDir, count, { videos: true });

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** `--name=value` from the command line, or the fallback. */
export const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

/**
 * The first-screen benches' site: built into `outDir` (or not, with `--no-build`), or a client
 * built elsewhere with `--dist=<folder>` (e.g. an older commit's, to compare), as it is; the
 * newest list holds a full page, as on a live site.
 */
export function startFirstScreenSite(
  port: number,
  outDir: string,
): Promise<Site & { dataDir: string }> {
  const dist = option('dist', '');
  return startSite({
    port,
    outDir: path.resolve(dist || outDir),
    build: !dist && !process.argv.includes('--no-build'),
    fullPage: true,
    // Served as in production: outside it the lists go out uncompressed (validated by their
    // zod serializer instead of the cached, compressed bytes; server/http/list-serializer.ts),
    // 17 KB instead of 1.3 KB for a page of 30, a second round trip on simulated Slow 4G.
    env: { NODE_ENV: 'production' },
  });
}
