import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewWaveData, UploadStatus } from '../../src/api/contract/recording.ts';
import { UPLOAD_TOKEN_HEADER } from '../../src/api/contract/recording-limits.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { s3MediaStorage } from '../../server/media/s3-storage.ts';
import { accountLimits } from '../../server/services/account-service.ts';
import { LIST_CACHE_MS } from '../../server/services/wave-list-service.ts';
import { lastMailTo, linkParam } from '../helpers/outbox.ts';
import { sha256, speechWebm } from '../helpers/recording.ts';
import { NGINX_BINARY, startNginx, type Nginx } from '../helpers/nginx.ts';
import { startLocalS3, type LocalS3 } from '../helpers/s3.ts';
import {
  createInstallation,
  freePort,
  fromSources,
  kill9,
  launch,
  solveCaptchaAt,
  type Installation,
  type RunningProcess,
} from '../helpers/server-process.ts';

/**
 * Scale-out as production runs it (README "Several API processes and workers"): two API
 * processes and workers, each with a DATA_DIR of its own, behind nginx (Debian's, started here
 * with its own configuration), sharing only one PostgreSQL schema and one S3 server (s3rver).
 * Needs TEST_DATABASE_URL and nginx; CI has both.
 */
const runnable = Boolean(process.env.TEST_DATABASE_URL && NGINX_BINARY);

const TUS = { 'tus-resumable': '1.0.0' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const work = mkdtempSync(path.join(tmpdir(), 'waves-scale-'));

interface Api {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  process: RunningProcess | null;
}

describe.runIf(runnable)('two API processes and workers behind nginx', () => {
  let installation: Installation;
  let s3: LocalS3;
  let db: Db;
  let nginx: Nginx;
  let lb: string;
  const a: Api = { name: 'a', port: 0, url: '', dataDir: '', process: null };
  const b: Api = { name: 'b', port: 0, url: '', dataDir: '', process: null };
  const workers: RunningProcess[] = [];
  let env: Record<string, string>;
  let recording: Buffer;

  const startApi = async (api: Api) => {
    api.process = launch(fromSources('main'), {
      ...env,
      DATA_DIR: api.dataDir,
      PORT: String(api.port),
      HOST: '127.0.0.1',
      JOBS_IN_PROCESS: 'false',
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (api.process.child.exitCode !== null) throw new Error(api.process.output());
      const ready = await fetch(`${api.url}/readyz`).catch(() => null);
      if (ready?.ok) return;
      await sleep(100);
    }
    throw new Error(`API ${api.name} did not start:\n${api.process.output()}`);
  };
  const startWorker = (name: string) => {
    const dataDir = path.join(work, name);
    mkdirSync(dataDir, { recursive: true });
    const running = launch(fromSources('worker'), { ...env, DATA_DIR: dataDir });
    workers.push(running);
    return running;
  };

  beforeAll(async () => {
    recording = readFileSync(speechWebm(work, 240));
    [installation, s3] = await Promise.all([createInstallation('postgres'), startLocalS3()]);
    db = openDatabase({ dataDir: work, databaseUrl: installation.databaseUrl });
    for (const api of [a, b]) {
      api.port = await freePort();
      api.url = `http://127.0.0.1:${api.port}`;
      api.dataDir = path.join(work, api.name);
    }
    // nginx as the README shows it, in a prefix of its own.
    nginx = await startNginx(path.join(work, 'nginx'), [a.port, b.port]);
    lb = nginx.url;

    env = {
      ...installation.env,
      ...s3.env,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_URL: lb,
      TRUST_PROXY: 'true',
      WAVE_VIDEOS: 'false',
    };

    // The migrations run once (in A), then everything else starts at once.
    await startApi(a);
    await startApi(b);
    startWorker('worker-1');
  }, 180_000);

  afterAll(async () => {
    for (const running of [a.process, b.process, ...workers]) if (running) await kill9(running);
    await nginx?.stop();
    await db?.close();
    await s3?.close();
    await installation?.destroy();
    rmSync(work, { recursive: true, force: true });
  });

  const s3Keys = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of s3MediaStorage(s3.settings).list(prefix)) keys.push(object.key);
    return keys;
  };

  const call = async <T>(
    base: string,
    method: string,
    url: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const reply = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await reply.text();
    return {
      status: reply.status,
      headers: reply.headers,
      body: (text ? JSON.parse(text) : null) as { data: T; message: string; requestId?: string },
    };
  };

  let token = '';
  let auth: Record<string, string> = {};
  const person = {
    username: 'Scaler7',
    email: 'scaler@example.com',
    password: 'correct horse battery',
    usercountrycode: 'DE',
    userregionname: 'Berlin',
    language_code_ui: 'en',
  };

  it('signs up on A and signs in through B', async () => {
    const signedUp = await call(a.url, 'POST', '/auth/signup', {
      body: { ...person, captcha: await solveCaptchaAt(a.url) },
    });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    const mail = lastMailTo(a.dataDir, person.email);
    expect(mail).toBeDefined();
    expect(
      (
        await call(b.url, 'POST', '/auth/confirmemail', {
          body: { token: linkParam(mail!, 'confirm') },
        })
      ).status,
    ).toBe(200);
    const signedIn = await call<{ json_web_token: string }>(b.url, 'POST', '/auth/signin', {
      body: { email: person.email, password: person.password },
    });
    expect(signedIn.status).toBe(200);
    token = signedIn.body.data.json_web_token;
    auth = { authorization: `Bearer ${token}` };
    // The session B issued holds on A.
    expect(
      (await call<{ username: string }>(a.url, 'GET', '/user/me', { headers: auth })).body.data,
    ).toMatchObject({ username: person.username });
  });

  it('counts a rate limit once across both processes', async () => {
    const { limit, windowMs } = accountLimits.usernameChecksPerIp;
    // A fixed window: start early in one, so the count is not cut by its end.
    const left = windowMs - (Date.now() % windowMs);
    if (left < 15_000) await sleep(left + 50);
    const statuses: number[] = [];
    for (let i = 0; i < limit; i += 1) {
      const api = i % 2 === 0 ? a : b;
      statuses.push(
        (
          await call(api.url, 'POST', '/auth/usernamecheck', {
            body: { username: `free-name-${i}` },
          })
        ).status,
      );
    }
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    // Each process saw half of them; together they are at the limit.
    for (const api of [a, b]) {
      const refused = await call(api.url, 'POST', '/auth/usernamecheck', {
        body: { username: 'one-more' },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.requestId).toBe(refused.headers.get('x-request-id'));
    }
  });

  let wave: NewWaveData;
  let location = '';
  let audioUrl = '';

  it('records on A, and B resumes the same upload after A was killed', async () => {
    wave = (
      await call<NewWaveData>(a.url, 'POST', '/wave/newwave', {
        headers: auth,
        body: { language_code_ui: 'en', channel_id: 1, title: 'across processes' },
      })
    ).body.data;
    const meta = [
      `wave_name ${Buffer.from(wave.wave_name).toString('base64')}`,
      `sha256 ${Buffer.from(sha256(recording)).toString('base64')}`,
    ].join(',');
    const created = await fetch(`${a.url}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        'upload-length': String(recording.length),
        'upload-metadata': meta,
        [UPLOAD_TOKEN_HEADER]: wave.upload_token,
      },
    });
    expect(created.status).toBe(201);
    location = created.headers.get('location')!;

    // Most of the recording goes to A in a PATCH that never finishes: A dies.
    const request = http.request(`${a.url}${location}`, {
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
    request.write(recording.subarray(0, Math.floor(recording.length * 0.8)));
    const stored = async () =>
      (
        await db.kysely
          .selectFrom('tus_uploads')
          .select('bytes_stored')
          .where('id', '=', location.split('/').at(-1)!)
          .executeTakeFirst()
      )?.bytes_stored ?? 0;
    await expect.poll(stored, { timeout: 30_000 }).toBeGreaterThan(0);
    await kill9(a.process!);
    request.destroy();

    // Requests through nginx go on to B meanwhile.
    for (let i = 0; i < 4; i += 1) expect((await fetch(`${lb}/readyz`)).status).toBe(200);

    const head = await fetch(`${b.url}${location}`, {
      method: 'HEAD',
      headers: { ...TUS, [UPLOAD_TOKEN_HEADER]: wave.upload_token },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(await stored());
    const rest = await fetch(`${b.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        [UPLOAD_TOKEN_HEADER]: wave.upload_token,
      },
      body: new Uint8Array(recording.subarray(offset)),
    });
    expect(rest.status).toBe(204);

    // The worker (a process of its own, with its own DATA_DIR) publishes it.
    const status = async () =>
      (
        await call<UploadStatus>(lb, 'GET', `/wave/uploadstatus/${wave.wave_name}`, {
          headers: { [UPLOAD_TOKEN_HEADER]: wave.upload_token },
        })
      ).body.data;
    await expect
      .poll(async () => (await status()).status, { timeout: 150_000, interval: 500 })
      .toBe('published');
    expect(await status()).toMatchObject({
      audio_bytes: recording.length,
      audio_sha256: sha256(recording),
    });
  }, 240_000);

  it('plays on B what the worker stored, with Range replies from the bucket', async () => {
    const metadata = await call<{ channel_id: number; created_epoch_day: number }[]>(
      b.url,
      'GET',
      `/wave/metadata/${wave.wave_name}`,
    );
    const { channel_id, created_epoch_day } = metadata.body.data[0]!;
    audioUrl = `/media/audio/${channel_id}/${created_epoch_day}/${wave.wave_name}/${channel_id}_${wave.wave_name}.mp3`;
    const url = audioUrl;
    const whole = await fetch(`${b.url}${url}`);
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(100_000);
    const part = await fetch(`${b.url}${url}`, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    // A restarted A serves it too (nothing was kept on its own disk).
    await startApi(a);
    const fromA = await fetch(`${a.url}${url}`, { headers: { range: 'bytes=0-99' } });
    expect(Buffer.from(await fromA.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
  }, 120_000);

  it('counts likes once across both processes', async () => {
    const liked = await call<{ likes_count: number }>(
      a.url,
      'POST',
      `/wave/like/${wave.wave_name}`,
      {
        headers: auth,
        body: { isliked: true },
      },
    );
    expect(liked.body.data.likes_count).toBe(1);
    const again = await call<{ likes_count: number; user_has_liked: boolean }>(
      b.url,
      'POST',
      `/wave/like/${wave.wave_name}`,
      { headers: auth, body: { isliked: true } },
    );
    expect(again.body.data).toEqual({ likes_count: 1, user_has_liked: true });
    const row = await db.kysely
      .selectFrom('waves')
      .select('likes_count')
      .where('wave_name', '=', wave.wave_name)
      .executeTakeFirstOrThrow();
    expect(row.likes_count).toBe(1);
  });

  it('never lists a deleted wave in another process for longer than the list cache lasts', async () => {
    const newest = async (api: Api) =>
      (
        await call<{ wave_name: string }[]>(api.url, 'GET', '/wave/wavelistpublicnewest/en')
      ).body.data.map((item) => item.wave_name);
    expect(await newest(b)).toContain(wave.wave_name); // B has the page cached now
    const removed = await call(a.url, 'POST', `/wave/delete/${wave.wave_name}`, {
      headers: auth,
      body: { confirm: 'delete' },
    });
    expect(removed.status).toBe(200);
    const deletedAt = Date.now();
    expect(await newest(a)).not.toContain(wave.wave_name); // A forgot its pages at once
    await sleep(Math.max(0, deletedAt + LIST_CACHE_MS - Date.now()) + 50);
    expect(await newest(b)).not.toContain(wave.wave_name);
    // And its audio left the bucket.
    expect((await fetch(`${b.url}${audioUrl}`)).status).toBe(404);
    expect((await s3Keys('audio/')).filter((key) => key.includes(wave.wave_name))).toEqual([]);
  });

  it('publishes every wave exactly once with two workers and a third one killed mid-job', async () => {
    const short = readFileSync(speechWebm(work, 30));
    startWorker('worker-2');
    startWorker('worker-3');
    const waves: NewWaveData[] = [];
    for (let i = 0; i < 6; i += 1) {
      const api = i % 2 === 0 ? a : b;
      // As guests: a member's transcodes run one at a time (docs/product/limits.md "Jobs"), and
      // the third worker must get one to be killed while holding it.
      const created = (
        await call<NewWaveData>(api.url, 'POST', '/wave/newwave', {
          body: {
            language_code_ui: 'en',
            channel_id: 1,
            title: `batch ${i}`,
            captcha: await solveCaptchaAt(api.url),
          },
        })
      ).body.data;
      const form = new FormData();
      form.set('recording', new Blob([new Uint8Array(short)]), 'speech.webm');
      const uploaded = await fetch(`${api.url}/api/v1/uploadaudio/${created.wave_name}`, {
        method: 'POST',
        headers: { [UPLOAD_TOKEN_HEADER]: created.upload_token },
        body: form,
      });
      expect(uploaded.status).toBe(200);
      waves.push(created);
    }
    // Kill the first worker seen holding a transcode (a worker's id carries its pid). Not a
    // chosen one: on a loaded machine the workers already running can drain the queue before a
    // new one has started.
    let doomed: RunningProcess | undefined;
    await expect
      .poll(
        async () => {
          const holders = new Set(
            (
              await db.kysely
                .selectFrom('jobs')
                .select('locked_by')
                .where('state', '=', 'running')
                .execute()
            ).map((job) => job.locked_by?.split(':')[1]),
          );
          doomed = workers.find((worker) => holders.has(String(worker.child.pid)));
          return doomed !== undefined;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe(true);
    await kill9(doomed!);

    const names = waves.map((item) => item.wave_name);
    const published = async () =>
      (
        await db.kysely
          .selectFrom('waves')
          .select('status')
          .where('wave_name', 'in', names)
          .where('status', '=', 'published')
          .execute()
      ).length;
    await expect.poll(published, { timeout: 180_000, interval: 500 }).toBe(names.length);
    const transcodes = () =>
      db.kysely
        .selectFrom('jobs')
        .select(['state', 'attempts', 'locked_by'])
        .where('kind', '=', 'transcode-upload')
        .execute();
    // A wave is published in one statement and its job marked done in the next: wait for both.
    await expect
      .poll(async () => (await transcodes()).every((job) => job.state === 'done'), {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(true);
    const jobs = await transcodes();
    // One job per wave (plus the first wave's), each done once; one was taken over.
    expect(jobs.every((job) => job.state === 'done')).toBe(true);
    expect(jobs).toHaveLength(names.length + 1);
    expect(jobs.some((job) => job.attempts === 2)).toBe(true);
    // Each effect once: the channel counts each wave once, one mp3 per wave in the bucket.
    const rows = await db.kysely
      .selectFrom('waves')
      .select(['wave_name', 'audio_sha256'])
      .where('wave_name', 'in', names)
      .execute();
    expect(rows.every((row) => row.audio_sha256)).toBe(true);
    const listed = await call<{ wave_name: string }[]>(
      lb,
      'GET',
      '/wave/wavelistpublicnewest/en?limit=50',
    );
    expect(listed.body.data.filter((item) => names.includes(item.wave_name))).toHaveLength(
      names.length,
    );
  }, 300_000);
});
