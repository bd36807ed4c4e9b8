import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WaveListItem } from '../../src/api/contract/wave.ts';
import { audioUrl } from '../../src/lib/media-urls.ts';
import { WAVE_VIDEO_BACKFILL_JOB } from '../../server/jobs/backfill-wave-videos.ts';
import { WAVE_VIDEO_JOB } from '../../server/jobs/render-wave-video.ts';
import { backoffMs } from '../../server/jobs/queue.ts';
import { requireFfmpeg } from '../../server/media/ffmpeg.ts';
import { speechWebm } from '../helpers/recording.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import { createListener, publishWave } from '../helpers/waves.ts';

/**
 * A portrait video whose render fails (docs/product/listening.md "Portrait video"): the wave
 * is published and plays all the same, the render is retried with backoff, and after its last
 * attempt the wave stays without a video and the backfill passes it over.
 *
 * The app's ffmpeg is a wrapper (FFMPEG_PATH) that runs the real one for everything but the
 * video's filter graph, which it refuses, as a broken or missing encoder would.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'waves-video-retry-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A binary found on PATH stays a bare name; a path becomes absolute. */
const command = (file: string) => (file.includes('/') ? path.resolve(file) : file);
const binDir = path.join(dir, 'bin');
const ffmpegWrapper = path.join(binDir, 'ffmpeg');

beforeAll(async () => {
  // The ffmpeg the app would use (the system's, or the npm fallback), wrapped.
  const real = await requireFfmpeg();
  mkdirSync(binDir, { recursive: true });
  writeFileSync(
    ffmpegWrapper,
    [
      '#!/bin/sh',
      // The video's graph repeats the card with the loop filter; nothing else uses it.
      'case "$*" in *loop=loop=*) echo "video encoder unavailable" >&2; exit 1;; esac',
      `exec "${command(real.ffmpegPath)}" "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(ffmpegWrapper, 0o755);
  if (real.ffprobePath) {
    const ffprobe = path.join(binDir, 'ffprobe');
    writeFileSync(ffprobe, `#!/bin/sh\nexec "${command(real.ffprobePath)}" "$@"\n`);
    chmodSync(ffprobe, 0o755);
  }
});

describeEachDatabase('a wave video that fails to render', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { WAVE_VIDEOS: 'true', JOBS_IN_PROCESS: 'false', FFMPEG_PATH: ffmpegWrapper },
    });
  }, 60_000);
  afterAll(() => t.close());

  const videoJob = (waveId: number) =>
    t.db.kysely
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', WAVE_VIDEO_JOB)
      .where('dedupe_key', '=', `video:${waveId}`)
      .executeTakeFirstOrThrow();

  it('never keeps the wave from playing, is retried with backoff, then left without a video', async () => {
    const author = await createListener(t, 'retry-author');
    const wave = await publishWave(t, speechWebm(dir, 2), {
      userId: author.userId,
      channel: 'general',
      title: 'No video for me',
    });

    const listItem = async () => {
      const reply = await t.app.inject({
        method: 'GET',
        url: `/api/v1/wave/wavelistpublicnewest/en?x=${t.clock.now()}-${Math.random()}`,
      });
      return (reply.json() as { data: WaveListItem[] }).data.find(
        (item) => item.wave_name === wave.wave_name,
      );
    };
    const playable = async () => {
      const audio = await t.app.inject({ method: 'GET', url: audioUrl(wave) });
      expect(audio.statusCode).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
    };

    // Published and playing before the video's job ran at all.
    expect(await listItem()).toMatchObject({ has_video: false });
    await playable();

    await t.services.jobs.runDue();
    let job = await videoJob(wave.id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job.last_error).toContain('video encoder unavailable');
    // The next attempt waits (about 5 s after the first failure, doubling after each).
    expect(job.run_at - t.clock.now()).toBeGreaterThanOrEqual(backoffMs(1, () => 0));
    expect(job.run_at - t.clock.now()).toBeLessThanOrEqual(backoffMs(1, () => 1));
    expect(await t.services.jobs.runDue()).toBe(0);
    await playable();

    for (let attempt = 2; attempt <= job.max_attempts; attempt++) {
      t.clock.advance(job.run_at - t.clock.now());
      await t.services.jobs.runDue();
      job = await videoJob(wave.id);
      expect(job.attempts).toBe(attempt);
    }
    expect(job.state).toBe('failed');

    const row = await t.db.kysely
      .selectFrom('waves')
      .select(['status', 'video_version', 'video_failed_at'])
      .where('id', '=', wave.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'published', video_version: null });
    expect(row.video_failed_at).not.toBeNull();
    expect(await listItem()).toMatchObject({ has_video: false });
    await playable();

    // The hourly backfill queues no new render for a wave that failed for good.
    const before = await t.db.kysely
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('kind', '=', WAVE_VIDEO_JOB)
      .executeTakeFirstOrThrow();
    await t.services.jobs.enqueue(WAVE_VIDEO_BACKFILL_JOB, {});
    await t.services.jobs.runDue();
    const after = await t.db.kysely
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('kind', '=', WAVE_VIDEO_JOB)
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  }, 120_000);
});
