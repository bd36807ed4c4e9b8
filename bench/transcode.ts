// The upload pipeline against docs/budgets.md "Upload pipeline", on a real server process (SQLite, jobs in
// process), with voice recordings as browsers make them (WebM/Opus, no declared duration):
//  1. pipeline time — from the tus upload's first request until the wave is published
//     (upload, SHA-256, ffprobe sniff, transcode, duration check, storage, publication) —
//     as a ratio to a bare transcode of the same file with the product's own encoding call
//     (mono 64 kbit/s mp3, loudness normalised), for 10 and 70 minutes (target ≤ 1.15×);
//  2. the server's RSS growth during a 100 MB upload, tus and multipart (target ≤ 50 MB).
//
//   npx tsx bench/transcode.ts [--runs=3] [--only=10|70|memory]
//
// Recordings are generated once into bench/.out/transcode/ and reused. Runs alternate bare
// and pipeline so that load from elsewhere on the machine hits both alike; medians are shown.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import {
  MAX_DURATION_SECONDS,
  MAX_UPLOAD_BYTES,
  UPLOAD_TOKEN_HEADER,
} from '../src/api/contract/recording-limits.ts';
import type { NewWaveData } from '../src/api/contract/recording.ts';
import { DURATION_GRACE_SECONDS, transcodeUpload } from '../server/media/audio-upload.ts';
import { requireFfmpeg } from '../server/media/ffmpeg.ts';
import { speechWebm } from '../tests/helpers/recording.ts';
import { newWave, signedInToken, uploadStatus as status } from './support/waves-api.ts';
import {
  createInstallation,
  kill9,
  startServer,
  type ServerProcess,
} from '../tests/helpers/server-process.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RUNS = Math.max(1, Number(arg('runs', '3')));
const ONLY = arg('only', '');
const OUT = path.resolve('bench/.out/transcode');
const TUS = { 'tus-resumable': '1.0.0' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * CPU seconds a process and its reaped children (ffmpeg, ffprobe) used, from /proc: on a
 * busy machine wall time mostly measures the neighbours, CPU time measures the work.
 */
function cpuMs(pid: number | 'self'): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime are fields 14–17 (1-based); fields[0] is field 3.
  const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * The pipeline's own transcode call (server/jobs/transcode-wave.ts → transcodeUpload: the
 * product's one mp3 encoding, the demuxer the sniff found, the duration cap), without the
 * server around it. CPU includes the reaped ffmpeg child.
 */
async function bareTranscode(
  input: string,
  output: string,
): Promise<{ wall: number; cpu: number }> {
  const ffmpeg = await requireFfmpeg();
  const cpuBefore = cpuMs('self');
  const started = performance.now();
  await transcodeUpload(ffmpeg, input, output, {
    demuxer: 'matroska',
    maxSeconds: MAX_DURATION_SECONDS + DURATION_GRACE_SECONDS + 1,
  });
  return { wall: performance.now() - started, cpu: cpuMs('self') - cpuBefore };
}

/** One streamed request body from a file (never held in the benchmark's memory either). */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: { file: string; prefix?: Buffer; suffix?: Buffer } | null,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
      );
    });
    request.on('error', reject);
    if (!body) {
      request.end();
      return;
    }
    if (body.prefix) request.write(body.prefix);
    const stream = createReadStream(body.file, { highWaterMark: 256 * 1024 });
    stream.on('data', (chunk) => {
      if (!request.write(chunk)) {
        stream.pause();
        request.once('drain', () => stream.resume());
      }
    });
    stream.on('end', () => request.end(body.suffix ?? Buffer.alloc(0)));
    stream.on('error', reject);
  });
}

async function tusUpload(server: ServerProcess, wave: NewWaveData, file: string) {
  const size = statSync(file).size;
  const metadata = [
    `wave_name ${Buffer.from(wave.wave_name).toString('base64')}`,
    `sha256 ${Buffer.from(sha256(file)).toString('base64')}`,
  ].join(',');
  const created = await send(
    `${server.url}/api/v1/uploads`,
    'POST',
    {
      ...TUS,
      'upload-length': String(size),
      'upload-metadata': metadata,
      [UPLOAD_TOKEN_HEADER]: wave.upload_token,
    },
    null,
  );
  if (created.status !== 201) throw new Error(`tus creation: ${created.status} ${created.text}`);
  const patched = await send(
    `${server.url}${String(created.headers['location'])}`,
    'PATCH',
    {
      ...TUS,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(size),
      [UPLOAD_TOKEN_HEADER]: wave.upload_token,
    },
    { file },
  );
  if (patched.status !== 204) throw new Error(`tus upload: ${patched.status} ${patched.text}`);
}

async function multipartUpload(server: ServerProcess, wave: NewWaveData, file: string) {
  const boundary = `----wavesbench${Date.now().toString(16)}`;
  const prefix = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="recording"; filename="r.wav"\r\n` +
      'Content-Type: audio/wav\r\n\r\n',
  );
  const suffix = Buffer.from(`\r\n--${boundary}--\r\n`);
  const reply = await send(
    `${server.url}/api/v1/uploadaudio/${wave.wave_name}`,
    'POST',
    {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(prefix.length + statSync(file).size + suffix.length),
      [UPLOAD_TOKEN_HEADER]: wave.upload_token,
    },
    { file, prefix, suffix },
  );
  if (reply.status !== 200) throw new Error(`multipart upload: ${reply.status} ${reply.text}`);
}

async function waitPublished(server: ServerProcess, wave: NewWaveData) {
  for (;;) {
    const current = await status(server, wave);
    if (current.status === 'published') return;
    if (current.status === 'failed') throw new Error(`failed: ${current.failure_reason}`);
    await sleep(100);
  }
}

/** Upload start → published, with the moment the upload completed. */
async function pipeline(server: ServerProcess, token: string, file: string) {
  const wave = await newWave(server, token);
  const pid = server.child.pid!;
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  await tusUpload(server, wave, file);
  const uploaded = performance.now();
  await waitPublished(server, wave);
  const done = performance.now();
  return {
    total: done - started,
    upload: uploaded - started,
    processing: done - uploaded,
    // The server's own CPU (requests, hashing, the job) and its ffmpeg/ffprobe children.
    cpu: cpuMs(pid) - cpuBefore,
  };
}

function rssKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0);
}

/** Peak RSS growth of the server while `work` runs (sampled every 10 ms), in MB. */
async function rssGrowth(server: ServerProcess, work: () => Promise<unknown>) {
  const pid = server.child.pid!;
  await sleep(500);
  const baseline = rssKb(pid);
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssKb(pid));
      await sleep(10);
    }
  })();
  await work();
  sampling = false;
  await sampler;
  return { baselineMb: baseline / 1024, growthMb: (peak - baseline) / 1024 };
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  console.log(`ffmpeg: ${execFileSync('ffmpeg', ['-version']).toString().split('\n')[0]}`);
  const installation = await createInstallation('sqlite');
  const server = await startServer(installation, { LOG_LEVEL: 'error' });
  const results: string[] = [];
  try {
    const token = await signedInToken(installation.dataDir);
    // Warm-up: code paths loaded, ffmpeg located.
    await pipeline(server, token, speechWebm(OUT, 5));

    for (const minutes of [10, 70]) {
      if (ONLY && ONLY !== String(minutes)) continue;
      console.log(`\ngenerating ${minutes}-minute recording…`);
      const file = speechWebm(OUT, minutes * 60);
      const mb = statSync(file).size / 1024 / 1024;
      const runs = minutes === 70 ? Math.min(RUNS, 2) : RUNS;
      const bare: number[] = [];
      const bareCpu: number[] = [];
      const total: number[] = [];
      const totalCpu: number[] = [];
      for (let run = 0; run < runs; run++) {
        // Alternate which goes first, so a change in the machine's load hits both alike.
        const first = run % 2 === 0 ? 'bare' : 'pipeline';
        let measured: Awaited<ReturnType<typeof pipeline>> | null = null;
        let plain: Awaited<ReturnType<typeof bareTranscode>> | null = null;
        for (const step of first === 'bare' ? ['bare', 'pipeline'] : ['pipeline', 'bare']) {
          if (step === 'bare') {
            plain = await bareTranscode(file, path.join(OUT, `bare-${minutes}.mp3`));
          } else measured = await pipeline(server, token, file);
        }
        bare.push(plain!.wall);
        bareCpu.push(plain!.cpu);
        total.push(measured!.total);
        totalCpu.push(measured!.cpu);
        console.log(
          `  run ${run + 1}: bare ${fmt(plain!.wall)} (cpu ${fmt(plain!.cpu)}), pipeline ` +
            `${fmt(measured!.total)} (cpu ${fmt(measured!.cpu)}; upload+checks ` +
            `${fmt(measured!.upload)}, transcode+publish ${fmt(measured!.processing)})`,
        );
      }
      const ratio = median(total) / median(bare);
      const cpuRatio = median(totalCpu) / median(bareCpu);
      const verdict = (value: number) => (value <= 1.15 ? 'OK' : 'OVER BUDGET');
      results.push(
        `${String(minutes).padStart(2)} min (${mb.toFixed(1)} MB webm/opus), target ≤ 1.15×: ` +
          `wall ${fmt(median(total))} / bare ${fmt(median(bare))} = ${ratio.toFixed(3)}× ` +
          `${verdict(ratio)}; cpu ${fmt(median(totalCpu))} / bare ${fmt(median(bareCpu))} = ` +
          `${cpuRatio.toFixed(3)}× ${verdict(cpuRatio)}`,
      );
    }

    if (!ONLY || ONLY === 'memory') {
      // A 100 MB recording (uncompressed speech WAV, just under the limit).
      const seconds = Math.floor((MAX_UPLOAD_BYTES - 44) / 88_200);
      const big = path.join(OUT, 'speech-100mb.wav');
      if (!existsSync(big)) {
        execFileSync('ffmpeg', [
          '-hide_banner',
          '-loglevel',
          'error',
          '-y',
          '-i',
          speechWebm(OUT, 600),
          '-af',
          `aloop=loop=-1:size=2000000000,atrim=duration=${seconds}`,
          '-ac',
          '1',
          '-ar',
          '44100',
          '-c:a',
          'pcm_s16le',
          big,
        ]);
      }
      const mb = statSync(big).size / 1024 / 1024;
      for (const [name, upload] of [
        ['tus', tusUpload],
        ['multipart', multipartUpload],
      ] as const) {
        const wave = await newWave(server, token);
        const { baselineMb, growthMb } = await rssGrowth(server, () => upload(server, wave, big));
        results.push(
          `RSS during a ${mb.toFixed(1)} MB ${name} upload: +${growthMb.toFixed(1)} MB ` +
            `(from ${baselineMb.toFixed(0)} MB; target ≤ 50 MB) ${growthMb <= 50 ? 'OK' : 'OVER BUDGET'}`,
        );
        await waitPublished(server, wave);
      }
    }
  } finally {
    await kill9(server);
    await installation.destroy();
    rmSync(path.join(OUT, 'bare-10.mp3'), { force: true });
    rmSync(path.join(OUT, 'bare-70.mp3'), { force: true });
  }
  console.log(
    `\nUpload pipeline (${RUNS} run(s), medians; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} on ${cpus().length} cores):`,
  );
  for (const line of results) console.log(`  ${line}`);
}

await main();
