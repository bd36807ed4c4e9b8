// The portrait video of a wave (server/media/wave-video.ts) against a plain full-frame ffmpeg
// `showwaves` video of the same audio, at 1080×1920, 15 fps, with the same output encoding:
// CPU-seconds per second of video (target ≤ 0.25 for ours, the card's drawing included), the
// ratio, bitrate, size, wall time.
//
//   npx tsx bench/video.ts [--runs=3] [--seconds=60] [--fallback]
//
// The audio (60 s of speech, loudness-normalised mp3 like a published wave) is made with ffmpeg
// at the start. Runs alternate ours and the baseline so that load from elsewhere on the machine
// hits both alike; medians are shown. CPU is user+sys of the ffmpeg children (from /proc), which
// on a busy machine measures the work where wall time measures the neighbours. `--fallback`
// also renders with the bundled @ffmpeg-installer binary (an older ffmpeg, for information).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { avatarDataUrl } from '../server/media/card-image.ts';
import { locateFfmpeg, requireFfmpeg, type Ffmpeg } from '../server/media/ffmpeg.ts';
import {
  phoneVideoEncodingArgs,
  renderWaveVideo,
  VIDEO_FPS,
  VIDEO_MAX_KBPS,
} from '../server/media/wave-video.ts';
import { CARD_GEOMETRY } from '../src/lib/audiogram-card/card-geometry.ts';
import { publicWaveUrl } from '../src/lib/audiogram-card/card-qr.ts';
import { englishCardLabels } from '../src/lib/audiogram-card/card-labels.ts';
import { probeMedia } from '../tests/helpers/media-probe.ts';
import { speechWebm } from '../tests/helpers/recording.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RUNS = Math.max(1, Number(arg('runs', '3')));
const SECONDS = Math.max(5, Number(arg('seconds', '60')));
const FALLBACK = process.argv.includes('--fallback');
const OUT = path.resolve('bench/.out/video');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** CPU milliseconds of this process (`self`) and of its reaped children (ffmpeg, ffprobe). */
function cpuMs(): { self: number; children: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime are fields 14–17 (1-based); fields[0] is field 3. USER_HZ=100.
  const ticks = (index: number) => Number(fields[index]) * 10;
  return { self: ticks(11) + ticks(12), children: ticks(13) + ticks(14) };
}

interface Measured {
  /** ffmpeg's CPU seconds per second of video. */
  cpuPerSecond: number;
  /** This process's CPU (ours: the card rendered with satori and resvg), seconds. */
  nodeCpu: number;
  wall: number;
  bytes: number;
  videoKbps: number;
  totalKbps: number;
}

function streamsOf(file: string) {
  const probe = probeMedia(file);
  const video = probe.streams.find((stream) => stream.codec_type === 'video');
  return {
    duration: Number(probe.format.duration),
    videoKbps: Number(video?.bit_rate) / 1000,
    totalKbps: Number(probe.format.bit_rate) / 1000,
  };
}

async function measure(work: () => Promise<string>): Promise<Measured> {
  const before = cpuMs();
  const started = performance.now();
  const file = await work();
  const wall = (performance.now() - started) / 1000;
  const after = cpuMs();
  const { duration, videoKbps, totalKbps } = streamsOf(file);
  return {
    cpuPerSecond: (after.children - before.children) / 1000 / duration,
    nodeCpu: (after.self - before.self) / 1000,
    wall,
    bytes: statSync(file).size,
    videoKbps,
    totalKbps,
  };
}

async function ours(ffmpeg: Ffmpeg, audioFile: string, name: string): Promise<string> {
  const output = path.join(OUT, `${name}.mp4`);
  await renderWaveVideo({
    ffmpeg,
    audioFile,
    output,
    card: {
      avatarSrc: await avatarDataUrl(
        readFileSync('public/images/fallback-avatar-2.svg'),
        CARD_GEOMETRY.portrait.avatar,
      ),
      title: 'Grüße aus München: ein Morgen an der Haltestelle',
      username: 'jürgen',
      displayName: 'Jürgen Müller',
      teamName: 'Team Jürgen',
      channelName: 'allgemein',
      description: 'Ein kurzer Gruß an alle, die heute Morgen an der Haltestelle gewartet haben.',
      durationSeconds: SECONDS,
      published: true,
      created: Date.now(),
      qrUrl: publicWaveUrl('http://localhost:8080', 'jürgen', 'aB3dE5fG7h'),
      siteName: 'Waves',
      labels: englishCardLabels,
    },
  });
  return output;
}

/** The plain approach: ffmpeg draws the whole 1080×1920 frame from the audio, every frame. */
async function baseline(ffmpeg: Ffmpeg, audioFile: string): Promise<string> {
  const output = path.join(OUT, 'baseline.mp4');
  await ffmpeg.run([
    '-y',
    '-i',
    audioFile,
    '-filter_complex',
    `[0:a]showwaves=s=1080x1920:mode=line:rate=${VIDEO_FPS}:colors=0x5eead4,format=yuv420p[v]`,
    '-map',
    '[v]',
    '-map',
    '0:a',
    ...phoneVideoEncodingArgs(),
    output,
  ]);
  return output;
}

function fallbackBinary(): string | null {
  try {
    return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return null;
  }
}

const line = (name: string, m: Measured) =>
  `${name.padEnd(26)} ${m.cpuPerSecond.toFixed(3)} CPU-s/s   video ${m.videoKbps.toFixed(0).padStart(4)} kbit/s ` +
  `(file ${m.totalKbps.toFixed(0)} kbit/s, ${(m.bytes / 1024 / 1024 / (SECONDS / 60)).toFixed(2)} MB/min)   ` +
  `wall ${m.wall.toFixed(1)} s`;

async function main() {
  mkdirSync(OUT, { recursive: true });
  const ffmpeg = await requireFfmpeg();
  console.log(`ffmpeg: ${execFileSync(ffmpeg.ffmpegPath, ['-version']).toString().split('\n')[0]}`);
  const audio = path.join(OUT, `speech-${SECONDS}s.mp3`);
  rmSync(audio, { force: true });
  await ffmpeg.transcodeToMp3(speechWebm(OUT, SECONDS), audio);
  // Warm-up: fonts loaded, code paths compiled.
  await ours(ffmpeg, audio, 'warmup');

  const mine: Measured[] = [];
  const plain: Measured[] = [];
  for (let run = 0; run < RUNS; run++) {
    const order = run % 2 === 0 ? ['ours', 'baseline'] : ['baseline', 'ours'];
    for (const step of order) {
      if (step === 'ours') mine.push(await measure(() => ours(ffmpeg, audio, 'ours')));
      else plain.push(await measure(() => baseline(ffmpeg, audio)));
    }
    console.log(`  run ${run + 1}: ${line('ours', mine.at(-1)!)}`);
    console.log(`  run ${run + 1}: ${line('baseline', plain.at(-1)!)}`);
  }

  let fallback: Measured | null = null;
  const fallbackPath = FALLBACK ? fallbackBinary() : null;
  if (fallbackPath) {
    const old = await locateFfmpeg({ ffmpegPath: fallbackPath });
    if (old) fallback = await measure(() => ours(old, audio, 'fallback'));
  }

  const pick = (values: Measured[]): Measured => ({
    cpuPerSecond: median(values.map((m) => m.cpuPerSecond)),
    nodeCpu: median(values.map((m) => m.nodeCpu)),
    wall: median(values.map((m) => m.wall)),
    bytes: median(values.map((m) => m.bytes)),
    videoKbps: median(values.map((m) => m.videoKbps)),
    totalKbps: median(values.map((m) => m.totalKbps)),
  });
  const a = pick(mine);
  const b = pick(plain);
  console.log(
    `\nPortrait video, ${SECONDS} s of speech, 1080×1920 @ ${VIDEO_FPS} fps (${RUNS} run(s), medians; ` +
      `load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} on ${cpus().length} cores):`,
  );
  console.log(`  ${line('ours (card + progress)', a)}`);
  console.log(`  ${line('baseline (showwaves)', b)}`);
  if (fallback) console.log(`  ${line('ours, fallback ffmpeg', fallback)}`);
  console.log(
    `  ours / baseline CPU: ${(a.cpuPerSecond / b.cpuPerSecond).toFixed(3)}× ` +
      `(baseline / ours: ${(b.cpuPerSecond / a.cpuPerSecond).toFixed(1)}× cheaper)`,
  );
  // The whole job's cost: ffmpeg's work plus the card drawn once in this process.
  const total = a.cpuPerSecond + a.nodeCpu / SECONDS;
  console.log(
    `  ours, all of it: ${total.toFixed(3)} CPU-s/s (ffmpeg ${a.cpuPerSecond.toFixed(3)} + card ` +
      `${a.nodeCpu.toFixed(2)} CPU-s once, satori + resvg, in this process)`,
  );
  console.log(
    `  ours: target ≤ 0.25 CPU-s/s ${total <= 0.25 ? 'OK' : 'OVER BUDGET'}; ` +
      `video ≤ ${VIDEO_MAX_KBPS} kbit/s ${a.videoKbps <= VIDEO_MAX_KBPS ? 'OK' : 'OVER BUDGET'}`,
  );
  for (const name of ['warmup', 'ours', 'baseline', 'fallback']) {
    rmSync(path.join(OUT, `${name}.mp4`), { force: true });
  }
}

await main();
