// Scale-out against docs/budgets.md "Scale-out": API processes behind nginx on PostgreSQL and an
// S3 server (s3rver), each process with its own DATA_DIR, as README "Several API processes and
// workers" runs them.
//  1. the newest list through nginx with one API process and with two: requests/s (ratio
//     two/one, measured in the same run with the same load generator) and p99;
//  2. a mixed load through nginx on two API processes and a worker: listeners (lists and audio
//     Range requests) and resumable uploads (tus, in parts, each upload resumed once with HEAD)
//     at the same time; errors other than 429 are counted (target: none), p99s are stated.
//
//   TEST_DATABASE_URL=postgres://… npx tsx bench/scale.ts [--seconds=10] [--mixed-seconds=60]
//     [--listeners=200] [--uploads=10] [--shed-ms=300]
//
// --shed-ms is the API processes' SHED_EVENT_LOOP_DELAY_MS (docs/decisions.md "Load shedding");
// 0 runs them without load shedding, to compare.
//
// The machine's cores are shared with everything else that runs: read the ratios, not the
// absolute numbers, and note that the load generator, nginx, s3rver and PostgreSQL run on
// the same cores as the API processes.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { UPLOAD_TOKEN_HEADER } from '../src/api/contract/recording-limits.ts';
import { startNginx, type Nginx } from '../tests/helpers/nginx.ts';
import { speechWebm, sha256 } from '../tests/helpers/recording.ts';
import { startLocalS3 } from '../tests/helpers/s3.ts';
import {
  createInstallation,
  freePort,
  fromSources,
  kill9,
  launch,
  solveCaptchaAt,
  type RunningProcess,
} from '../tests/helpers/server-process.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const SECONDS = Number(arg('seconds', '10'));
const MIXED_SECONDS = Number(arg('mixed-seconds', '60'));
const LISTENERS = Number(arg('listeners', '200'));
const UPLOADS = Number(arg('uploads', '10'));
const SHED_MS = arg('shed-ms', '300');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench/scale needs PostgreSQL: set TEST_DATABASE_URL (postgres://…).');
  process.exit(2);
}

const work = mkdtempSync(path.join(tmpdir(), 'waves-bench-scale-'));
const running: RunningProcess[] = [];
const [installation, s3] = await Promise.all([createInstallation('postgres'), startLocalS3()]);
const nginxes: Nginx[] = [];

async function cleanUp() {
  for (const child of running) await kill9(child);
  for (const nginx of nginxes) await nginx.stop();
  await s3.close();
  await installation.destroy();
  rmSync(work, { recursive: true, force: true });
}

try {
  const ports = [await freePort(), await freePort()];
  const env = {
    ...installation.env,
    ...s3.env,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: 'true',
    WAVE_VIDEOS: 'false',
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    SHED_EVENT_LOOP_DELAY_MS: SHED_MS,
  };
  const startApi = async (index: number) => {
    const port = ports[index]!;
    const dataDir = path.join(work, `api-${index}`);
    mkdirSync(dataDir, { recursive: true });
    const child = launch(fromSources('main'), {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOBS_IN_PROCESS: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    running.push(child);
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok) return;
      await sleep(200);
    }
    throw new Error(`API ${index} did not start:\n${child.output()}`);
  };
  await startApi(0);
  await startApi(1);
  const workerDir = path.join(work, 'worker');
  mkdirSync(workerDir, { recursive: true });
  running.push(launch(fromSources('worker'), { ...env, DATA_DIR: workerDir }));

  // The demo (published by the worker) gives the lists their waves.
  const direct = `http://127.0.0.1:${ports[0]}`;
  type Item = { wave_name: string; channel_id: number; created_epoch_day: number };
  let items: Item[] = [];
  for (const deadline = Date.now() + 300_000; items.length < 10 && Date.now() < deadline;) {
    await sleep(1000);
    const reply = await fetch(`${direct}/api/v1/wave/wavelistpublicnewest/en`);
    items = ((await reply.json()) as { data: Item[] }).data;
  }
  if (items.length === 0) throw new Error('the demo waves were not published');

  const one = await startNginx(path.join(work, 'nginx-1'), [ports[0]!]);
  const two = await startNginx(path.join(work, 'nginx-2'), ports);
  nginxes.push(one, two);
  const listUrl = '/api/v1/wave/wavelistpublicnewest/en';

  const load = async (base: string, seconds: number, connections: number) => {
    const result = await autocannon({
      url: `${base}${listUrl}`,
      connections,
      duration: seconds,
      headers: { 'accept-encoding': 'br' },
    });
    return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx };
  };
  await load(two.url, 2, 50); // warm both processes
  const single = await load(one.url, SECONDS, 100);
  const double = await load(two.url, SECONDS, 100);
  const singleAgain = await load(one.url, SECONDS, 100);
  const baseline = (single.rps + singleAgain.rps) / 2;

  // The mixed load: listeners and uploaders at once, through nginx on both processes.
  const audio = items.map(
    (item) =>
      `/media/audio/${item.channel_id}/${item.created_epoch_day}/${item.wave_name}/${item.channel_id}_${item.wave_name}.mp3`,
  );
  const recording = readFileSync(speechWebm(work, 60));
  // A guest's waves need a captcha each: uploads come from the shared guest with solved ones.
  const uploadStats = {
    done: 0,
    failed: 0,
    refused429: 0,
    patchMs: [] as number[],
    errors: [] as string[],
  };
  let stop = false;
  /** Sends until the answer is not a 429, waiting as Retry-After says (the app's clients do). */
  const untilAccepted = async (send: () => Promise<Response>) => {
    for (;;) {
      const reply = await send();
      if (reply.status !== 429) return reply;
      uploadStats.refused429 += 1;
      await sleep(Number(reply.headers.get('retry-after') ?? 1) * 1000);
    }
  };
  const uploader = async () => {
    while (!stop) {
      const captcha = await solveCaptchaAt(two.url);
      const created = await untilAccepted(() =>
        fetch(`${two.url}/api/v1/wave/newwave`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ language_code_ui: 'en', channel_id: 1, captcha }),
        }),
      );
      if (created.status !== 200) {
        uploadStats.failed += 1;
        uploadStats.errors.push(`newwave ${created.status}`);
        continue;
      }
      const wave = ((await created.json()) as { data: { wave_name: string; upload_token: string } })
        .data;
      const headers = { 'tus-resumable': '1.0.0', [UPLOAD_TOKEN_HEADER]: wave.upload_token };
      const meta = `wave_name ${Buffer.from(wave.wave_name).toString('base64')},sha256 ${Buffer.from(sha256(recording)).toString('base64')}`;
      const tus = await untilAccepted(() =>
        fetch(`${two.url}/api/v1/uploads`, {
          method: 'POST',
          headers: {
            ...headers,
            'upload-length': String(recording.length),
            'upload-metadata': meta,
          },
        }),
      );
      if (tus.status !== 201) {
        uploadStats.failed += 1;
        uploadStats.errors.push(`tus create ${tus.status}`);
        continue;
      }
      const location = tus.headers.get('location')!;
      // Three requests, with a HEAD before each resume, as a client on a bad network would.
      let offset = 0;
      const step = Math.ceil(recording.length / 3);
      let ok = true;
      while (offset < recording.length && ok) {
        if (offset > 0) {
          const head = await untilAccepted(() =>
            fetch(`${two.url}${location}`, { method: 'HEAD', headers }),
          );
          if (head.status !== 200) {
            ok = false;
            uploadStats.errors.push(`head ${head.status}`);
            break;
          }
          offset = Number(head.headers.get('upload-offset'));
        }
        const started = performance.now();
        const patch = await fetch(`${two.url}${location}`, {
          method: 'PATCH',
          headers: {
            ...headers,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: new Uint8Array(recording.subarray(offset, offset + step)),
        });
        uploadStats.patchMs.push(performance.now() - started);
        if (patch.status === 429) {
          // As the app's upload queue does: wait as told, then HEAD and resume.
          uploadStats.refused429 += 1;
          await sleep(Number(patch.headers.get('retry-after') ?? 1) * 1000);
        } else if (patch.status !== 204) {
          ok = false;
          uploadStats.errors.push(`patch ${patch.status}`);
        } else offset = Number(patch.headers.get('upload-offset'));
      }
      if (ok) uploadStats.done += 1;
      else uploadStats.failed += 1;
    }
  };
  // An uploader that throws is counted, not left to end the bench before its clean-up (which
  // would leave the API processes, the worker and nginx running).
  const uploaders = Array.from({ length: UPLOADS }, () =>
    uploader().catch((error: unknown) => {
      uploadStats.failed += 1;
      uploadStats.errors.push(`uploader stopped: ${String(error)}`);
    }),
  );
  const listeners = await autocannon({
    url: two.url,
    connections: LISTENERS,
    duration: MIXED_SECONDS,
    requests: [
      { method: 'GET', path: listUrl },
      ...audio.slice(0, 10).map((url) => ({
        method: 'GET' as const,
        path: url,
        headers: { range: 'bytes=0-65535' },
      })),
    ],
  });
  stop = true;
  await Promise.all(uploaders);
  const statuses = Object.entries(listeners.statusCodeStats ?? {});
  const listenerErrors = statuses
    .filter(([code]) => !['200', '206', '429'].includes(code))
    .reduce((sum, [, stats]) => sum + (stats as { count: number }).count, 0);
  const sorted = uploadStats.patchMs.sort((x, y) => x - y);
  const patchP99 = sorted[Math.floor(sorted.length * 0.99)] ?? Number.NaN;

  const f = (value: number) => value.toFixed(1);
  console.log(
    `\nScale-out (${cpus().length} cores shared with the load generator, nginx, s3rver and PostgreSQL)`,
  );
  console.log(`newest list through nginx, ${SECONDS} s, 100 connections:`);
  console.log(
    `  one API process:  ${f(baseline)} req/s (runs: ${f(single.rps)}, ${f(singleAgain.rps)}), p99 ${single.p99} ms`,
  );
  console.log(`  two API processes: ${f(double.rps)} req/s, p99 ${double.p99} ms`);
  console.log(`  ratio two/one: ${(double.rps / baseline).toFixed(2)}×`);
  console.log(
    `mixed load, ${MIXED_SECONDS} s: ${LISTENERS} listeners + ${UPLOADS} resumable uploaders, load shedding ${SHED_MS === '0' ? 'off' : `above ${SHED_MS} ms`}`,
  );
  console.log(
    `  listeners: ${f(listeners.requests.average)} req/s, p50 ${listeners.latency.p50} ms, p99 ${listeners.latency.p99} ms, statuses ${JSON.stringify(Object.fromEntries(statuses.map(([code, stats]) => [code, (stats as { count: number }).count])))}, errors other than 429: ${listenerErrors + listeners.errors}`,
  );
  console.log(
    `  uploads: ${uploadStats.done} complete, ${uploadStats.failed} failed (${uploadStats.errors.slice(0, 5).join(', ') || 'none'}), ${uploadStats.refused429} refused with 429, PATCH p99 ${f(patchP99)} ms`,
  );
} finally {
  await cleanUp();
}
