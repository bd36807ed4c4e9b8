import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CARD_GEOMETRY } from '../../src/lib/audiogram-card/card-geometry.ts';
import { CARD_COLORS, type AudiogramCardProps } from '../../src/lib/audiogram-card/card-layout.tsx';
import { peaksFromSamples } from '../../src/lib/audiogram-card/waveform-peaks.ts';
import { renderCardPng } from './card-image.ts';
import type { Ffmpeg, RunOptions } from './ffmpeg.ts';

/**
 * The portrait video of a wave (the short-video feed plays it): the audiogram card, portrait,
 * with the wave's audio and a progress position moving over the card's waveform.
 *
 * Cost: the card is rendered once to a PNG and decoded once (the `loop` filter repeats that
 * one decoded frame; an image input with `-loop 1` would decode it again for every frame).
 * Per frame, ffmpeg only blends a translucent wash over the not-yet-played part of the bars
 * and a thin playhead, and x264 finds every other macroblock unchanged. See bench/video.ts.
 *
 * Phone-safe output: H.264 High@4.0, yuv420p, 15 fps, AAC-LC, `+faststart` (playback starts
 * before the whole file has arrived), at most 400 kbit/s of video.
 */

export const VIDEO_FPS = 15;
export const VIDEO_MAX_KBPS = 400;
/**
 * The video covers at most the first five minutes of a wave: the feed is for short clips, and
 * this bounds a render at about a minute of CPU and 8 MB. A longer wave's video ends with a
 * short fade of the audio; its waveform and progress show the part that plays.
 */
export const VIDEO_MAX_SECONDS = 5 * 60;
const FADE_OUT_SECONDS = 1.5;
/** Keyframe every ten seconds: seeking stays cheap while static frames cost almost nothing. */
const KEYFRAME_SECONDS = 10;
/** Samples per second decoded for the waveform: plenty for the loudness of ~50 bars. */
const WAVEFORM_SAMPLE_RATE = 8000;
/** The wash that dims the part not yet played: the panel's own colour, translucent. */
const UNPLAYED_OPACITY = 0.62;
const PLAYHEAD_WIDTH = 6;
/** A partial file older than this belongs to a render that died (a render is killed sooner). */
const DEFAULT_TIMEOUT_MS = 20 * 60_000;

export interface WaveVideoOptions extends RunOptions {
  ffmpeg: Ffmpeg;
  /** The wave's audio (the loudness-normalised mp3). */
  audioFile: string;
  /** Where the mp4 goes; it appears there only once complete. */
  output: string;
  /** The card's content; the video sets the orientation itself. */
  card: Omit<AudiogramCardProps, 'orientation' | 'waveform'>;
  /** Loudness per bar of what the video covers; measured from the audio when not given. */
  waveform?: readonly number[] | null;
  /** Longest video in seconds (default VIDEO_MAX_SECONDS). */
  maxSeconds?: number;
}

export interface WaveVideoResult {
  /** Length of the video (and of its audio). */
  videoSeconds: number;
  /** Length of the wave's audio. */
  audioSeconds: number;
  /** True when the wave was longer than the video. */
  capped: boolean;
  bytes: number;
}

/** `#rrggbb` → ffmpeg's `0xrrggbb`. */
const ffmpegColor = (hex: string) => `0x${hex.replace('#', '')}`;

/**
 * The ffmpeg arguments of the video: input 0 is the card (one PNG), input 1 the audio. Pure,
 * so the benchmark runs exactly this graph.
 */
export function waveVideoArgs(options: {
  background: string;
  audioFile: string;
  output: string;
  videoSeconds: number;
  fadeOut: boolean;
}): string[] {
  const { bars } = CARD_GEOMETRY.portrait;
  const { x, y, width, height } = bars;
  const seconds = options.videoSeconds.toFixed(3);
  // Where the progress is at time t, in pixels from the waveform's left edge.
  const progress = `${width}*t/${seconds}`;
  const graph = [
    // The card, decoded once, converted once, repeated as the same frame.
    `[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,setpts=N/(${VIDEO_FPS}*TB),split[card][strip]`,
    // The waveform's pixels on their own, so the wash cannot spill past the bars.
    `[strip]crop=${width}:${height}:${x}:${y}[bars]`,
    `color=c=${ffmpegColor(CARD_COLORS.panel)}@${UNPLAYED_OPACITY}:s=${width}x${height}:r=${VIDEO_FPS},format=yuva420p[wash]`,
    `color=c=${ffmpegColor(CARD_COLORS.accent)}:s=${PLAYHEAD_WIDTH}x${height}:r=${VIDEO_FPS}[head]`,
    `[bars][wash]overlay=x='${progress}':y=0[dimmed]`,
    `[dimmed][head]overlay=x='${progress}-${PLAYHEAD_WIDTH / 2}':y=0[played]`,
    `[card][played]overlay=x=${x}:y=${y}[video]`,
  ].join(';');
  const audioFilter = options.fadeOut
    ? [
        '-af',
        `afade=t=out:st=${(options.videoSeconds - FADE_OUT_SECONDS).toFixed(3)}:d=${FADE_OUT_SECONDS}`,
      ]
    : [];
  return [
    '-y',
    '-framerate',
    String(VIDEO_FPS),
    '-i',
    options.background,
    '-i',
    options.audioFile,
    '-filter_complex',
    graph,
    '-map',
    '[video]',
    '-map',
    '1:a:0',
    '-t',
    seconds,
    ...audioFilter,
    ...phoneVideoEncodingArgs(),
    options.output,
  ];
}

/**
 * The output options of a video every phone plays (H.264 High@4.0, yuv420p, AAC, faststart),
 * for the mapped video and audio streams; the file name follows them.
 */
export function phoneVideoEncodingArgs(): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    // Fixed B-frame runs without a lookahead: most frames are then non-reference B-frames,
    // which x264 neither deblocks nor interpolates (the frames barely change anyway).
    '-x264-params',
    'bframes=8:b-adapt=0:b-pyramid=none:rc-lookahead=0:mbtree=0:scenecut=0',
    '-crf',
    '28',
    '-maxrate',
    `${VIDEO_MAX_KBPS}k`,
    '-bufsize',
    `${VIDEO_MAX_KBPS * 2}k`,
    '-profile:v',
    'high',
    '-level:v',
    '4.0',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(VIDEO_FPS),
    '-g',
    String(VIDEO_FPS * KEYFRAME_SECONDS),
    // One thread: a low-priority job on a shared machine, and less CPU per second of video.
    '-threads',
    '1',
    '-filter_complex_threads',
    '1',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
  ];
}

/** Loudness per bar of the first `seconds` of the audio, decoded once at a low sample rate. */
export async function wavePeaks(
  ffmpeg: Ffmpeg,
  audioFile: string,
  seconds: number,
  bars: number,
  workDir: string,
  options: RunOptions = {},
): Promise<number[]> {
  const pcm = path.join(workDir, 'waveform.pcm');
  await ffmpeg.run(
    [
      '-y',
      '-i',
      audioFile,
      '-t',
      seconds.toFixed(3),
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      String(WAVEFORM_SAMPLE_RATE),
      '-f',
      's16le',
      '-c:a',
      'pcm_s16le',
      pcm,
    ],
    options,
  );
  const bytes = await readFile(pcm);
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
  return peaksFromSamples(samples, bars);
}

const PARTIAL = '.partial-';

/** Removes partial files of `output` left by renders that died (older than `olderThanMs`). */
async function removeStalePartials(output: string, olderThanMs: number): Promise<void> {
  const folder = path.dirname(output);
  const prefix = `${path.basename(output)}${PARTIAL}`;
  const names = await readdir(folder).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of names.filter((candidate) => candidate.startsWith(prefix))) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > olderThanMs) await rm(file, { force: true });
  }
}

/**
 * Renders the wave's portrait video to `output`. The mp4 is written under a temporary name
 * beside it and renamed when ffmpeg has finished, so a render that is killed or fails never
 * leaves a file at `output` (a complete earlier one stays until replaced).
 */
export async function renderWaveVideo(options: WaveVideoOptions): Promise<WaveVideoResult> {
  const { ffmpeg, audioFile, output } = options;
  const run: RunOptions = {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const audioSeconds = await ffmpeg.probeDurationSeconds(audioFile);
  if (!(audioSeconds > 0)) throw new Error(`the audio has no duration: ${audioFile}`);
  const videoSeconds = Math.min(audioSeconds, options.maxSeconds ?? VIDEO_MAX_SECONDS);
  const capped = videoSeconds < audioSeconds;

  await mkdir(path.dirname(output), { recursive: true });
  await removeStalePartials(output, run.timeoutMs!);
  // Beside the output: inside the process's scratch folder when rendered by a job.
  const workDir = await mkdtemp(path.join(path.dirname(output), 'render-'));
  const partial = `${output}${PARTIAL}${randomBytes(6).toString('hex')}`;
  try {
    const geometry = CARD_GEOMETRY.portrait;
    const waveform =
      options.waveform ??
      (await wavePeaks(ffmpeg, audioFile, videoSeconds, geometry.bars.count, workDir, run));
    const background = path.join(workDir, 'card.png');
    await writeFile(
      background,
      await renderCardPng({ ...options.card, orientation: 'portrait', waveform }),
    );
    options.signal?.throwIfAborted();
    await ffmpeg.run(
      waveVideoArgs({ background, audioFile, output: partial, videoSeconds, fadeOut: capped }),
      run,
    );
    await rename(partial, output);
    const { size } = await stat(output);
    return { videoSeconds, audioSeconds, capped, bytes: size };
  } finally {
    await rm(partial, { force: true });
    await rm(workDir, { recursive: true, force: true });
  }
}
