import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingMessages } from '../../src/api/contract/recording-limits.ts';
import { jobsRepository } from '../../server/db/repositories/jobs-repository.ts';
import { backoffMs, jobQueue, type JobQueue } from '../../server/jobs/queue.ts';
import { sweepStaleUploads } from '../../server/jobs/sweep-stale-uploads.ts';
import { TRANSCODE_WAVE_JOB } from '../../server/jobs/transcode-wave.ts';
import { UPLOAD_EXPIRY_MS } from '../../server/services/recording/upload-paths.ts';
import { filesUnder, newWave, speechWebm, tusUpload, uploadStatus } from '../helpers/recording.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import { channelIdOf, createListener } from '../helpers/waves.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('backoff', () => {
  it('doubles from 5 seconds up to 10 minutes, with jitter of ±20 %', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, middle))).toEqual([
      5_000, 10_000, 20_000, 40_000,
    ]);
    expect(backoffMs(30, middle)).toBe(600_000);
    expect(backoffMs(1, () => 0)).toBe(4_000);
    expect(backoffMs(1, () => 1)).toBe(6_000);
  });
});

describeEachDatabase('job queue', (dialect) => {
  let t: TestApp;
  let kind = 0;
  /** A queue of its own with a fresh job kind (the app's queue never claims it). */
  const queueWith = (
    run: (
      payload: { n: number },
      context: { attempt: number; signal: AbortSignal },
    ) => Promise<void>,
    options: {
      maxAttempts?: number;
      onGiveUp?: (payload: { n: number }, error: string) => Promise<void>;
    } = {},
  ) => {
    const name = `test-${++kind}`;
    const queue = jobQueue({ db: t.db, clock: t.clock });
    queue.define<{ n: number }>({
      kind: name,
      parse: (value) => value as { n: number },
      run,
      ...(options.onGiveUp ? { onGiveUp: options.onGiveUp } : {}),
      maxAttempts: options.maxAttempts ?? 3,
      leaseMs: 10_000,
    });
    return { queue, kind: name };
  };
  const jobsOfKind = (name: string) =>
    t.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', name).orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { JOBS_IN_PROCESS: 'false' } });
  });
  afterAll(() => t.close());

  it('runs a job once and keeps one job per dedupe key', async () => {
    const seen: number[] = [];
    const { queue, kind: name } = queueWith(async ({ n }) => {
      seen.push(n);
    });
    expect(await queue.enqueue(name, { n: 1 }, { dedupeKey: `${name}:one` })).toBe(true);
    expect(await queue.enqueue(name, { n: 2 }, { dedupeKey: `${name}:one` })).toBe(false);
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(seen).toEqual([1]);
    expect((await jobsOfKind(name)).map((job) => [job.state, job.attempts])).toEqual([['done', 1]]);
    // Even after it finished, the key admits no second job.
    expect(await queue.enqueue(name, { n: 3 }, { dedupeKey: `${name}:one` })).toBe(false);
  });

  it('enqueues inside a transaction: no job when the transaction rolls back', async () => {
    const { queue, kind: name } = queueWith(async () => undefined);
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await queue.enqueue(name, { n: 1 }, { trx });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await jobsOfKind(name)).toEqual([]);
  });

  it('retries a failing job after a growing delay, then gives up and reports once', async () => {
    const attempts: number[] = [];
    const gaveUp: string[] = [];
    const { queue, kind: name } = queueWith(
      async (_payload, context) => {
        attempts.push(context.attempt);
        throw new Error(`boom ${context.attempt}`);
      },
      {
        maxAttempts: 3,
        onGiveUp: async (_payload, error) => {
          gaveUp.push(error);
        },
      },
    );
    await queue.enqueue(name, { n: 1 });
    expect(await queue.runDue()).toBe(1);
    let [job] = await jobsOfKind(name);
    expect(job).toMatchObject({ state: 'queued', attempts: 1, last_error: 'boom 1' });
    expect(job!.run_at - t.clock.now()).toBeGreaterThanOrEqual(4_000);
    expect(job!.run_at - t.clock.now()).toBeLessThanOrEqual(6_000);
    // Not before its time.
    expect(await queue.runDue()).toBe(0);
    t.clock.advance(6_001);
    expect(await queue.runDue()).toBe(1);
    [job] = await jobsOfKind(name);
    expect(job!.run_at - t.clock.now()).toBeGreaterThanOrEqual(8_000);
    t.clock.advance(12_001);
    expect(await queue.runDue()).toBe(1);
    [job] = await jobsOfKind(name);
    expect(job).toMatchObject({ state: 'failed', attempts: 3, last_error: 'boom 3' });
    expect(attempts).toEqual([1, 2, 3]);
    expect(gaveUp).toEqual(['boom 3']);
    t.clock.advance(3_600_000);
    expect(await queue.runDue()).toBe(0);
  });

  it('takes over the job of a worker that died, once its lease ran out', async () => {
    const runs: string[] = [];
    const { queue, kind: name } = queueWith(async () => {
      runs.push('ran');
    });
    await queue.enqueue(name, { n: 1 });
    const repository = jobsRepository(t.db.kysely, t.db.dialect);
    // A worker claims it and dies (kill -9): no heartbeat, no completion.
    const claimed = await repository.claim([name], 'dead-worker', t.clock.now(), 10_000);
    expect(claimed?.locked_by).toBe('dead-worker');
    expect(await queue.runDue()).toBe(0);
    t.clock.advance(10_001);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toEqual(['ran']);
    const [job] = await jobsOfKind(name);
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
    // The dead worker's late completion changes nothing.
    expect(await repository.finish(job!.id, 'dead-worker', 'failed', 'late', t.clock.now())).toBe(
      false,
    );
    expect((await jobsOfKind(name))[0]!.state).toBe('done');
  });

  it('gives up on a job that killed its worker as often as it may be tried', async () => {
    const gaveUp: string[] = [];
    const { queue, kind: name } = queueWith(async () => undefined, {
      maxAttempts: 2,
      onGiveUp: async (_payload, error) => {
        gaveUp.push(error);
      },
    });
    await queue.enqueue(name, { n: 1 });
    const repository = jobsRepository(t.db.kysely, t.db.dialect);
    for (const worker of ['dead-1', 'dead-2']) {
      expect(await repository.claim([name], worker, t.clock.now(), 10_000)).toBeDefined();
      t.clock.advance(10_001);
    }
    expect(await queue.runDue()).toBe(1);
    expect((await jobsOfKind(name))[0]).toMatchObject({ state: 'failed', attempts: 3 });
    expect(gaveUp).toEqual(['the worker running this job stopped responding']);
  });

  it('hands a running job back without spending an attempt when its worker stops', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const { queue, kind: name } = queueWith(
      (_payload, context) =>
        new Promise<void>((_resolve, reject) => {
          started();
          context.signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    await queue.enqueue(name, { n: 1 });
    const worker = queue.start({ pollMs: 20 });
    await running;
    await worker.stop();
    expect((await jobsOfKind(name))[0]).toMatchObject({
      state: 'queued',
      attempts: 0,
      locked_by: null,
    });
  });

  it('runs every job exactly once with several workers polling at once', async () => {
    const counts = new Map<number, number>();
    const { kind: name } = queueWith(async () => undefined);
    const queues: JobQueue[] = [];
    for (let i = 0; i < 4; i++) {
      const queue = jobQueue({ db: t.db, clock: t.clock });
      queue.define<{ n: number }>({
        kind: name,
        parse: (value) => value as { n: number },
        run: async ({ n }) => {
          counts.set(n, (counts.get(n) ?? 0) + 1);
          await sleep(2 + (n % 5));
        },
        leaseMs: 10_000,
      });
      queues.push(queue);
    }
    const total = 60;
    for (let n = 0; n < total; n++) await queues[0]!.enqueue(name, { n });
    const workers = queues.map((queue) => queue.start({ concurrency: 2, pollMs: 10 }));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const open = (await jobsOfKind(name)).filter((job) => job.state !== 'done');
      if (open.length === 0) break;
      await sleep(50);
    }
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(counts.size).toBe(total);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    expect((await jobsOfKind(name)).every((job) => job.attempts === 1)).toBe(true);
  });

  it('runs background jobs in a slot of their own, beside the regular ones', async () => {
    const queue = jobQueue({ db: t.db, clock: t.clock });
    const background = `test-${++kind}`;
    const regular = `test-${++kind}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let backgroundStarted!: () => void;
    const started = new Promise<void>((resolve) => (backgroundStarted = resolve));
    let regularRan!: () => void;
    const ran = new Promise<void>((resolve) => (regularRan = resolve));
    queue.define({
      kind: background,
      parse: () => ({}),
      run: async () => {
        backgroundStarted();
        await held;
      },
      leaseMs: 10_000,
      background: true,
    });
    queue.define({
      kind: regular,
      parse: () => ({}),
      run: async () => regularRan(),
      leaseMs: 10_000,
    });
    // Two long background jobs, then a regular one: with one regular slot, the regular job runs
    // while the first background job still holds the background slot, and the second waits.
    await queue.enqueue(background, {});
    await queue.enqueue(background, {});
    await queue.enqueue(regular, {});
    const worker = queue.start({ concurrency: 1, pollMs: 10 });
    await started;
    await ran;
    expect((await jobsOfKind(background)).map((job) => job.state)).toEqual(['running', 'queued']);
    release();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if ((await jobsOfKind(background)).every((job) => job.state === 'done')) break;
      await sleep(20);
    }
    await worker.stop();
    expect((await jobsOfKind(background)).map((job) => job.state)).toEqual(['done', 'done']);
    expect((await jobsOfKind(regular)).map((job) => job.state)).toEqual(['done']);
  });

  /** Waits until `check` holds (the workers poll every 10 ms). */
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await sleep(10);
    }
  };

  it('runs a short job in the express slot while long jobs hold the ordinary slot', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ran: string[] = [];
    const { queue, kind: name } = queueWith(async ({ n }) => {
      ran.push(`start ${n}`);
      if (n < 3) await held;
      ran.push(`end ${n}`);
    });
    // Two long jobs of two owners, then another owner's short one.
    await queue.enqueue(name, { n: 1 }, { owner: 'user:1', long: true });
    await queue.enqueue(name, { n: 2 }, { owner: 'user:2', long: true });
    const worker = queue.start({ concurrency: 1, pollMs: 10 });
    await until(async () => ran.includes('start 1'));
    await queue.enqueue(name, { n: 3 }, { owner: 'user:3' });
    await until(async () => (await jobsOfKind(name))[2]?.state === 'done');
    // The express slot never took the second long job: it waits for the ordinary slot.
    expect((await jobsOfKind(name)).map((job) => job.state)).toEqual(['running', 'queued', 'done']);
    release();
    await until(async () => (await jobsOfKind(name)).every((job) => job.state === 'done'));
    await worker.stop();
  });

  it('hands a job that outruns the express budget back as long, without spending an attempt', async () => {
    let releaseBlocker!: () => void;
    const blocker = new Promise<void>((resolve) => (releaseBlocker = resolve));
    const runs: number[] = [];
    const { queue, kind: name } = queueWith(async ({ n }, context) => {
      runs.push(n);
      if (n === 1) return blocker;
      // The job that lied about being short: it runs until it is stopped, the first time.
      if (runs.filter((m) => m === 2).length === 1) {
        await new Promise<void>((_resolve, reject) =>
          context.signal.addEventListener('abort', () => reject(new Error('stopped'))),
        );
      }
    });
    await queue.enqueue(name, { n: 1 }, { long: true });
    const worker = queue.start({ concurrency: 1, pollMs: 10, expressBudgetMs: 100 });
    await until(async () => runs.includes(1));
    await queue.enqueue(name, { n: 2 });
    await until(async () => (await jobsOfKind(name))[1]?.long_running === 1);
    expect((await jobsOfKind(name))[1]).toMatchObject({ state: 'queued', attempts: 0 });
    // The express slot leaves it alone now; the ordinary slot runs it once it is free.
    await sleep(150);
    expect(runs).toEqual([1, 2]);
    releaseBlocker();
    await until(async () => (await jobsOfKind(name)).every((job) => job.state === 'done'));
    await worker.stop();
    expect(runs).toEqual([1, 2, 2]);
    expect((await jobsOfKind(name))[1]).toMatchObject({ attempts: 1, long_running: 1 });
  });

  it('runs one job of an owner at a time, while other owners use the free slots', async () => {
    const running = new Map<string, number>();
    const most = new Map<string, number>();
    const finished: number[] = [];
    const { queue, kind: name } = queueWith(async ({ n }) => {
      const owner = n < 4 ? 'a' : 'b';
      running.set(owner, (running.get(owner) ?? 0) + 1);
      most.set(owner, Math.max(most.get(owner) ?? 0, running.get(owner) ?? 0));
      await sleep(60);
      running.set(owner, (running.get(owner) ?? 0) - 1);
      finished.push(n);
    });
    for (const n of [1, 2, 3]) await queue.enqueue(name, { n }, { owner: 'user:a' });
    await queue.enqueue(name, { n: 4 }, { owner: 'user:b' });
    const worker = queue.start({ concurrency: 3, pollMs: 10 });
    await until(async () => (await jobsOfKind(name)).every((job) => job.state === 'done'));
    await worker.stop();
    expect(most.get('a')).toBe(1);
    expect(most.get('b')).toBe(1);
    // b did not wait for a's three jobs: it ran beside a's first one.
    expect(finished.indexOf(4)).toBeLessThan(finished.indexOf(2));
  });
});

describeEachDatabase('recording jobs', (dialect) => {
  let t: TestApp;
  const audioDir = () => path.join(t.dataDir, 'fixtures');

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { JOBS_IN_PROCESS: 'false' } });
    mkdirSync(audioDir(), { recursive: true });
  });
  afterAll(() => t.close());

  it('marks the wave failed with a reason when transcoding gives up, and removes the file', async () => {
    const ada = await createListener(t, 'ada-lovelace');
    const created = await newWave(
      t,
      { language_code_ui: 'en', channel_id: await channelIdOf(t, 'general') },
      ada.auth,
    );
    const wave = created.body.data!;
    await tusUpload(t, wave, readFileSync(speechWebm(audioDir(), 3)));
    expect(await receivedKeys()).toHaveLength(1);
    // Its workers kept dying on it: the last lease ran out with every attempt spent.
    const job = await t.services.jobs.findByDedupeKey(`transcode:${await waveId(wave.wave_name)}`);
    expect(job?.kind).toBe(TRANSCODE_WAVE_JOB);
    await t.db.kysely
      .updateTable('jobs')
      .set({
        state: 'running',
        attempts: job!.max_attempts,
        locked_by: 'dead',
        locked_until: t.clock.now() - 1,
      })
      .where('id', '=', job!.id)
      .execute();
    await t.services.jobs.runDue();
    expect((await uploadStatus(t, wave)).body.data).toMatchObject({
      status: 'failed',
      failure_reason: recordingMessages.uploadFailed,
    });
    expect(await receivedKeys()).toEqual([]);
  });

  it('cleans up expired uploads and orphans, keeping what open jobs and live uploads need', async () => {
    const { uploadPaths: paths, media, resumableUploads: uploads } = t.services;
    for (const dir of [paths.work, paths.multipart]) mkdirSync(dir, { recursive: true });
    const old = Date.now() - UPLOAD_EXPIRY_MS - 60_000;
    const day = Date.now() - 2 * 24 * 3600_000;
    const age = (file: string, mtime?: number) => {
      if (mtime) utimesSync(file, mtime / 1000, mtime / 1000);
    };
    const put = async (key: string, mtime?: number) => {
      await media.putStream(key, Readable.from([Buffer.from('x')]));
      age(media.localPath(key)!, mtime);
    };
    const write = (file: string, mtime?: number) => {
      writeFileSync(file, 'x');
      age(file, mtime);
    };
    // Uploads: one expired (with a part), one live (with a part), and a part of nobody.
    await uploads.create('expired', 10, { wave_name: 'x' });
    await t.db.kysely
      .updateTable('tus_uploads')
      .set({ created_at: old })
      .where('id', '=', 'expired')
      .execute();
    await uploads.append('expired', Readable.from([Buffer.from('12345')]));
    await uploads.create('live', 10, { wave_name: 'y' });
    await uploads.append('live', Readable.from([Buffer.from('12345')]));
    await put('uploads/parts/orphan/000000', day);
    await put('uploads/received/stray-file', day);
    await put('uploads/received/fresh-file');
    write(path.join(paths.work, 'stray-1.mp3'), day);
    write(path.join(paths.multipart, 'stray-2'), day);
    write(path.join(paths.multipart, 'fresh'));
    await t.services.jobs.enqueue(
      TRANSCODE_WAVE_JOB,
      { waveId: 1, file: 'still-needed', demuxer: 'matroska', declaredSeconds: null },
      { dedupeKey: 'cleanup-test' },
    );
    await put('uploads/received/still-needed', day);
    const localBefore = filesUnder(paths.root);

    await sweepStaleUploads({ paths, jobs: t.services.jobs, storage: media, uploads });
    expect(await keysUnder('uploads/')).toEqual([
      'uploads/parts/live/000000',
      'uploads/received/fresh-file',
      'uploads/received/still-needed',
    ]);
    expect(await uploads.find('expired')).toBeUndefined();
    expect((await uploads.find('live'))?.bytes_stored).toBe(5);
    const gone = ['work/stray-1.mp3', 'multipart/stray-2'].map((f) => f.replace(/\//g, path.sep));
    expect(filesUnder(paths.root)).toEqual(localBefore.filter((file) => !gone.includes(file)));
  });

  async function keysUnder(prefix: string) {
    const keys: string[] = [];
    for await (const object of t.services.media.list(prefix)) keys.push(object.key);
    return keys.sort();
  }

  const receivedKeys = () => keysUnder('uploads/received/');

  async function waveId(name: string) {
    const row = await t.db.kysely
      .selectFrom('waves')
      .select('id')
      .where('wave_name', '=', name)
      .executeTakeFirstOrThrow();
    return row.id;
  }
});
