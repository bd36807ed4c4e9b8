import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { NewWaveData, UploadStatus } from '../../src/api/contract/recording.ts';
import { UPLOAD_TOKEN_HEADER } from '../../src/api/contract/recording-limits.ts';
import { openDatabase } from '../../server/db/database.ts';
import { filesUnder, scratchFiles, sha256, speechWebm } from '../helpers/recording.ts';
import {
  createInstallation,
  kill9,
  newGuestWaveAt,
  startServer,
  startWorker,
  type Installation,
  type RunningProcess,
} from '../helpers/server-process.ts';
import { describeEachDatabase } from '../helpers/test-app.ts';

/**
 * Fault tests against real processes: kill -9 of the server during an upload and during a
 * transcode, and of a separate worker (`npm run worker`) during a transcode. After a restart
 * the upload resumes from the offset the server reports and the wave is published exactly once.
 */

/**
 * A minute of speech as a browser records it (Chromium's MediaRecorder sends Opus at about
 * 128 kbit/s): its transcode takes about 2 s on a quiet machine, long enough to catch ffmpeg at
 * work with a 50 ms poll, and each test transcodes it once or twice. At 96 kbit/s it is 720 KB,
 * so the 60 % sent before the server dies holds a whole stored part (256 KB).
 */
const SECONDS = 60;
const audioDir = mkdtempSync(path.join(tmpdir(), 'waves-fault-audio-'));
let recording: Buffer;
beforeAll(() => {
  recording = readFileSync(speechWebm(audioDir, SECONDS, { bitrateKbps: 96 }));
}, 120_000);
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

const TUS = { 'tus-resumable': '1.0.0' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('recording faults', (dialect) => {
  let installation: Installation;
  const processes: RunningProcess[] = [];

  const track = <T extends RunningProcess>(running: T) => {
    processes.push(running);
    return running;
  };

  afterEach(async () => {
    for (const running of processes.splice(0)) await kill9(running);
    await installation?.destroy();
  });

  const newGuestWave = (url: string) => newGuestWaveAt(url, 'fault-test-recording-1');

  const tusCreate = async (url: string, wave: NewWaveData) => {
    const meta = [
      `wave_name ${Buffer.from(wave.wave_name).toString('base64')}`,
      `sha256 ${Buffer.from(sha256(recording)).toString('base64')}`,
    ].join(',');
    const reply = await fetch(`${url}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        'upload-length': String(recording.length),
        'upload-metadata': meta,
        [UPLOAD_TOKEN_HEADER]: wave.upload_token,
      },
    });
    expect(reply.status).toBe(201);
    return reply.headers.get('location')!;
  };

  const patch = (url: string, location: string, wave: NewWaveData, offset: number) =>
    fetch(`${url}${location}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        [UPLOAD_TOKEN_HEADER]: wave.upload_token,
      },
      body: new Uint8Array(recording.subarray(offset)),
    });

  const status = async (url: string, wave: NewWaveData) => {
    const reply = await fetch(`${url}/api/v1/wave/uploadstatus/${wave.wave_name}`, {
      headers: { [UPLOAD_TOKEN_HEADER]: wave.upload_token },
    });
    return ((await reply.json()) as { data: UploadStatus }).data;
  };

  const waitForStatus = async (url: string, wave: NewWaveData, wanted: string) => {
    const deadline = Date.now() + 150_000;
    let last: UploadStatus | null = null;
    while (Date.now() < deadline) {
      last = await status(url, wave);
      if (last.status === wanted || last.status === 'failed') break;
      await sleep(250);
    }
    return last;
  };

  /** Waits for ffmpeg's output file: the transcode is under way. */
  const waitForTranscode = async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (scratchFiles(installation.dataDir, 'work').length > 0) return;
      await sleep(50);
    }
    throw new Error('the transcode did not start');
  };

  /** What the database and the disk say after the wave was published. */
  const expectPublishedOnce = async (wave: NewWaveData) => {
    const db = openDatabase({
      dataDir: installation.dataDir,
      databaseUrl: installation.databaseUrl,
    });
    try {
      const row = await db.kysely
        .selectFrom('waves')
        .selectAll()
        .where('wave_name', '=', wave.wave_name)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'published', listed: 1 });
      expect(Number(row.received_bytes)).toBe(recording.length);
      expect(row.received_sha256).toBe(sha256(recording));
      expect(row.duration).toBeGreaterThanOrEqual(SECONDS - 1);
      expect(row.duration).toBeLessThanOrEqual(SECONDS + 1);
      const channel = await db.kysely
        .selectFrom('channels')
        .select('wave_count')
        .where('id', '=', row.channel_id)
        .executeTakeFirstOrThrow();
      expect(channel.wave_count).toBe(1);
      // The handler publishes, then the queue marks its job done: on a busy machine the test
      // can look in between, so it waits for the job to settle.
      const transcodeJobs = () =>
        db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'transcode-upload').execute();
      let jobs = await transcodeJobs();
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        if (jobs.length !== 1 || jobs[0]!.state !== 'running') break;
        await sleep(100);
        jobs = await transcodeJobs();
      }
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.state).toBe('done');
      return jobs[0]!;
    } finally {
      await db.close();
    }
  };

  /** Local upload files, and parts or received files left in the (disk) media storage. */
  const leftovers = () => [
    ...scratchFiles(installation.dataDir),
    ...filesUnder(path.join(installation.dataDir, 'media', 'uploads')),
  ];
  const audioFiles = () =>
    filesUnder(path.join(installation.dataDir, 'media', 'audio')).filter((file) =>
      file.endsWith('.mp3'),
    );

  it('resumes an upload after the server was killed mid-way, and publishes it once', async () => {
    installation = await createInstallation(dialect);
    let server = track(await startServer(installation));
    const wave = await newGuestWave(server.url);
    const location = await tusCreate(server.url, wave);

    // Half of the recording goes out in a PATCH that never finishes: the server dies.
    const sent = Math.floor(recording.length * 0.6);
    const request = http.request(`${server.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(recording.length),
        [UPLOAD_TOKEN_HEADER]: wave.upload_token,
      },
    });
    request.on('error', () => undefined);
    request.write(recording.subarray(0, sent));
    await sleep(1500);
    await kill9(server);
    request.destroy();

    server = track(await startServer(installation));
    // The same token still works (it is derived from the persisted server secret).
    expect((await status(server.url, wave)).status).toBe('pending_upload');
    const head = await fetch(`${server.url}${location}`, {
      method: 'HEAD',
      headers: { ...TUS, [UPLOAD_TOKEN_HEADER]: wave.upload_token },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sent);

    const rest = await patch(server.url, location, wave, offset);
    expect(rest.status).toBe(204);
    const done = await waitForStatus(server.url, wave, 'published');
    expect(done).toMatchObject({
      status: 'published',
      audio_bytes: recording.length,
      audio_sha256: sha256(recording),
    });
    const job = await expectPublishedOnce(wave);
    expect(job.attempts).toBe(1);
    expect(audioFiles()).toHaveLength(1);
    expect(leftovers()).toEqual([]);
  }, 240_000);

  it('publishes once after the server was killed during the transcode', async () => {
    installation = await createInstallation(dialect);
    let server = track(await startServer(installation));
    const wave = await newGuestWave(server.url);
    const location = await tusCreate(server.url, wave);
    expect((await patch(server.url, location, wave, 0)).status).toBe(204);
    await waitForTranscode();
    await kill9(server);
    expect(audioFiles()).toEqual([]);

    server = track(await startServer(installation));
    expect((await status(server.url, wave)).status).toBe('processing');
    // A reload of the uploader meanwhile: HEAD still says the upload is complete.
    const head = await fetch(`${server.url}${location}`, {
      method: 'HEAD',
      headers: { ...TUS, [UPLOAD_TOKEN_HEADER]: wave.upload_token },
    });
    expect(head.headers.get('upload-offset')).toBe(String(recording.length));

    // The dead server's lease runs out, then the restarted one takes the job over.
    const done = await waitForStatus(server.url, wave, 'published');
    expect(done?.status).toBe('published');
    const job = await expectPublishedOnce(wave);
    expect(job.attempts).toBe(2);
    expect(audioFiles()).toHaveLength(1);
    expect(leftovers()).toEqual([]);
  }, 240_000);

  it('publishes once after a separate worker was killed during the transcode', async () => {
    installation = await createInstallation(dialect);
    const server = track(await startServer(installation, { JOBS_IN_PROCESS: 'false' }));
    const first = track(startWorker(installation));
    const wave = await newGuestWave(server.url);
    const location = await tusCreate(server.url, wave);
    expect((await patch(server.url, location, wave, 0)).status).toBe(204);
    await waitForTranscode();
    await kill9(first);

    track(startWorker(installation));
    const done = await waitForStatus(server.url, wave, 'published');
    expect(done?.status).toBe('published');
    const job = await expectPublishedOnce(wave);
    expect(job.attempts).toBe(2);
    expect(audioFiles()).toHaveLength(1);
    expect(leftovers()).toEqual([]);
  }, 240_000);
});
