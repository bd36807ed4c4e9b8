// The transcode queue's fairness against docs/budgets.md "Queue fairness", on a real server
// process (SQLite, jobs in process, the default WORKER_CONCURRENCY unless told otherwise):
// while two members' 80-minute mp3 uploads transcode (their headers declare no length, so only
// the transcode finds out), another member's 2-second recording (WebM/Opus, as browsers record)
// is published in ≤ 5 s p95. Issue #20 measured 125.9 s for it before the queue was fair.
// Baseline in the same run: the same recording on the idle server. Also shown: how long the
// overlong uploads take to fail "too long" (the transcode stops at the 70-minute limit).
//
//   npx tsx bench/queue-fairness.ts [--samples=10] [--concurrency=1]
//
// Recordings are generated once into bench/.out/queue-fairness/ and reused.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { UPLOAD_TOKEN_HEADER } from '../src/api/contract/recording-limits.ts';
import type { NewWaveData } from '../src/api/contract/recording.ts';
import { speechWebm } from '../tests/helpers/recording.ts';
import { createInstallation, kill9, startServer } from '../tests/helpers/server-process.ts';
import { option } from './support/site.ts';
import { newWave, signedInToken, uploadStatus } from './support/waves-api.ts';

const SAMPLES = Math.max(2, Number(option('samples', '10')));
const CONCURRENCY = option('concurrency', '');
const OUT = path.resolve('bench/.out/queue-fairness');
const BEFORE_SECONDS = 125.9;
const TARGET_SECONDS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Nearest-rank percentile. */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** 80 minutes of tone as a low-bitrate mp3 without a Xing header: no declared length. */
function overlongMp3(): string {
  const file = path.join(OUT, 'tone-80min.mp3');
  if (existsSync(file)) return file;
  console.log('generating an 80-minute mp3…');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=220:d=4800'],
    ...['-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '16k'],
    ...['-write_xing', '0', '-id3v2_version', '0', file],
  ]);
  return file;
}

/** The plain multipart upload (POST /uploadaudio/{wave}). */
async function upload(server: { url: string }, wave: NewWaveData, file: string) {
  const form = new FormData();
  form.append('recording', new Blob([readFileSync(file)]), path.basename(file));
  const reply = await fetch(`${server.url}/api/v1/uploadaudio/${wave.wave_name}`, {
    method: 'POST',
    headers: { [UPLOAD_TOKEN_HEADER]: wave.upload_token },
    body: form,
  });
  if (!reply.ok) throw new Error(`upload: ${reply.status} ${await reply.text()}`);
}

/** Upload start → a final state (published or failed), polled every 50 ms. */
async function untilSettled(server: { url: string }, wave: NewWaveData) {
  for (;;) {
    const status = await uploadStatus(server, wave);
    if (status.status === 'published' || status.status === 'failed') return status;
    await sleep(50);
  }
}

async function publishTime(server: { url: string }, token: string, file: string) {
  const wave = await newWave(server, token);
  const started = performance.now();
  await upload(server, wave, file);
  const status = await untilSettled(server, wave);
  if (status.status !== 'published') throw new Error(`not published: ${status.failure_reason}`);
  return performance.now() - started;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const short = speechWebm(OUT, 2);
  const long = overlongMp3();
  console.log(
    `recordings: 2 s webm/opus (${(statSync(short).size / 1024).toFixed(0)} KB), ` +
      `80 min mp3 16 kbit/s (${(statSync(long).size / 1024 / 1024).toFixed(1)} MB)`,
  );
  const installation = await createInstallation('sqlite');
  const server = await startServer(installation, {
    LOG_LEVEL: 'error',
    ...(CONCURRENCY ? { WORKER_CONCURRENCY: CONCURRENCY } : {}),
  });
  // Stopped early (Ctrl-C, a timeout): the server and its ffmpeg go too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void kill9(server).finally(() => process.exit(130));
    });
  }
  try {
    const [attacker1, attacker2, honest] = [
      await signedInToken(installation.dataDir),
      await signedInToken(installation.dataDir),
      await signedInToken(installation.dataDir),
    ];
    await publishTime(server, honest, short); // warm-up: code paths loaded, ffmpeg located

    const idle: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      idle.push(await publishTime(server, honest, short));
      console.log(`  idle ${i + 1}: ${fmt(idle.at(-1)!)}`);
    }

    // Two members' overlong uploads, then the honest member's recordings one after another.
    const longWaves = [await newWave(server, attacker1), await newWave(server, attacker2)];
    const longStarted = performance.now();
    await Promise.all(longWaves.map((wave) => upload(server, wave, long)));
    console.log(`  overlong uploads received after ${fmt(performance.now() - longStarted)}`);
    const longSettled = longWaves.map((wave) =>
      untilSettled(server, wave).then((status) => ({
        status,
        ms: performance.now() - longStarted,
      })),
    );
    let running = 2;
    for (const settled of longSettled) void settled.then(() => (running -= 1));
    await sleep(1000); // both transcodes started (or one waits for the ordinary slot)

    const loaded: number[] = [];
    let whileLong = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const ms = await publishTime(server, honest, short);
      loaded.push(ms);
      if (running > 0) whileLong += 1;
      console.log(`  under attack ${i + 1}: ${fmt(ms)} (overlong transcodes running: ${running})`);
    }
    const longResults = await Promise.all(longSettled);

    const idleP95 = percentile(idle, 95);
    const loadedP95 = percentile(loaded, 95);
    console.log(
      `\nload average: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.log(`WORKER_CONCURRENCY: ${CONCURRENCY || '1 (default)'}`);
    console.log(
      `idle server:    p50 ${fmt(percentile(idle, 50))}, p95 ${fmt(idleP95)} (${SAMPLES} recordings)`,
    );
    console.log(
      `under attack:   p50 ${fmt(percentile(loaded, 50))}, p95 ${fmt(loadedP95)} ` +
        `(${SAMPLES} recordings, ${whileLong} published while an overlong transcode still ran)`,
    );
    console.log(
      `ratio under attack / idle (p95): ${(loadedP95 / idleP95).toFixed(2)}×; ` +
        `before the fair queue (125.9 s) / now: ${(BEFORE_SECONDS / (loadedP95 / 1000)).toFixed(1)}×`,
    );
    console.log(
      `target p95 ≤ ${TARGET_SECONDS} s: ${loadedP95 <= TARGET_SECONDS * 1000 ? 'OK' : 'OVER BUDGET'}`,
    );
    for (const [index, result] of longResults.entries()) {
      console.log(
        `overlong upload ${index + 1}: ${result.status.status} after ${fmt(result.ms)} ` +
          `(${result.status.failure_reason ?? 'no reason'})`,
      );
    }
  } finally {
    await kill9(server);
    await installation.destroy();
  }
}

await main();
