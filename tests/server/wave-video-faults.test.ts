import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { WAVE_VIDEO_JOB } from '../../server/jobs/render-wave-video.ts';
import { videoKey } from '../../server/media/media-keys.ts';
import { videoUrl } from '../../src/lib/media-urls.ts';
import { probeMedia } from '../helpers/media-probe.ts';
import { scratchFolders, speechWebm } from '../helpers/recording.ts';
import {
  createInstallation,
  kill9,
  startWorker,
  type Installation,
  type RunningProcess,
} from '../helpers/server-process.ts';
import { describeEachDatabase } from '../helpers/test-app.ts';

/**
 * kill -9 of a worker (`npm run worker`, and the ffmpeg it runs) in the middle of a wave's
 * video: nothing is served meanwhile, and once the lease ran out another worker renders the
 * whole video, stored once, with no work files left.
 */
const audioDir = mkdtempSync(path.join(tmpdir(), 'waves-video-fault-'));
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('wave video faults', (dialect) => {
  let installation: Installation | undefined;
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await installation?.destroy();
  });

  it('stores one complete video after the worker was killed mid-render, none before', async () => {
    installation = await createInstallation(dialect);
    const env = { WAVE_VIDEOS: 'true' };
    const config = loadConfig({
      ...installation.env,
      ...env,
      JOBS_IN_PROCESS: 'false',
      LOG_LEVEL: 'silent',
    });
    const db: Db = openDatabase({
      dataDir: installation.dataDir,
      databaseUrl: installation.databaseUrl,
    });
    const { app, services } = await buildApp(config, { db, logger: false });
    cleanups.push(async () => {
      await app.close();
      await db.close();
    });

    const general = await db.kysely
      .selectFrom('channels')
      .select('id')
      .where('channel_name_lower', '=', 'general')
      .executeTakeFirstOrThrow();
    const wave = await services.wavePublisher.createWave({
      userId: services.anonymousUserId,
      channelId: general.id,
      title: 'Killed mid-render',
    });
    await services.wavePublisher.publishFromFile(wave.id, speechWebm(audioDir, 40));
    const row = () =>
      db.kysely.selectFrom('waves').selectAll().where('id', '=', wave.id).executeTakeFirstOrThrow();
    // Each process renders in its own scratch folder (server/kernel/process-scratch.ts).
    const { dataDir } = installation;
    const workFolders = () =>
      scratchFolders(dataDir)
        .map((folder) => path.join(folder, 'video'))
        .filter((videos) => existsSync(videos))
        .flatMap((videos) =>
          readdirSync(videos)
            .filter((name) => name.startsWith('wave-video-'))
            .map((name) => path.join(videos, name)),
        );

    const track = (running: RunningProcess) => {
      cleanups.push(() => kill9(running));
      return running;
    };
    const first = track(startWorker(installation, env));
    // ffmpeg is writing the video under its temporary name.
    const deadline = Date.now() + 120_000;
    let partial = false;
    while (!partial && Date.now() < deadline) {
      partial = workFolders().some((folder) =>
        readdirSync(folder).some((name) => name.includes('.partial-')),
      );
      if (!partial) await sleep(50);
    }
    expect(partial, first.output()).toBe(true);
    await kill9(first);

    expect(await services.media.stat(videoKey(wave))).toBeNull();
    expect((await row()).video_version).toBeNull();
    const missing = await app.inject({
      method: 'GET',
      url: videoUrl({ ...wave, video_version: null }),
    });
    expect(missing.statusCode).toBe(404);

    // The dead worker's lease runs out, then the next worker takes the job over.
    const second = track(startWorker(installation, env));
    const until = Date.now() + 180_000;
    while ((await row()).video_version === null && Date.now() < until) await sleep(250);
    const done = await row();
    expect(done.video_version, second.output()).not.toBeNull();
    // The job is marked done just after the wave gets its video, in a statement of its own.
    const videoJobs = () =>
      db.kysely.selectFrom('jobs').selectAll().where('kind', '=', WAVE_VIDEO_JOB).execute();
    let jobs = await videoJobs();
    while (jobs.some((job) => job.state === 'running') && Date.now() < until) {
      await sleep(100);
      jobs = await videoJobs();
    }
    expect(jobs.map((job) => [job.state, job.attempts])).toEqual([['done', 2]]);

    const file = path.join(installation.dataDir, 'media', ...videoKey(wave).split('/'));
    const { streams, format } = probeMedia(file);
    expect(streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Math.abs(Number(format.duration) - 40)).toBeLessThan(0.5);
    expect(Number(done.video_bytes)).toBe((await services.media.stat(videoKey(wave)))!.size);
    expect(workFolders()).toEqual([]);
  }, 360_000);
});
