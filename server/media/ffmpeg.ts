import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseFile } from 'music-metadata';

/**
 * ffmpeg and ffprobe for the media pipeline. The binary comes from configuration
 * (`FFMPEG_PATH`, `FFPROBE_PATH`), else the system's (`ffmpeg` on PATH), else the optional npm
 * package `@ffmpeg-installer/ffmpeg` (an old static build without ffprobe, ~3× slower: only a
 * fallback for machines without ffmpeg). Without ffprobe, durations come from music-metadata.
 */
export interface Ffmpeg {
  readonly ffmpegPath: string;
  readonly ffprobePath: string | null;
  readonly source: 'config' | 'system' | 'npm';
  /** Runs ffmpeg with these arguments; rejects with the tail of stderr on failure. */
  run(args: readonly string[], options?: RunOptions): Promise<void>;
  /**
   * Any audio (or video with audio) → the product's speech mp3 at `output` (overwritten); see
   * SPEECH_MP3. Rejects with ffmpeg's reason (the tail of its stderr).
   */
  transcodeToMp3(
    input: string | FfmpegInput,
    output: string,
    options?: TranscodeOptions,
  ): Promise<void>;
  /** The duration of a media file in seconds (fractional). */
  probeDurationSeconds(file: string): Promise<number>;
  /** Container and first audio stream, for sniffing uploads by content. */
  probe(file: string): Promise<ProbeResult>;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Kills ffmpeg after this long (default: no limit). */
  timeoutMs?: number;
}

export interface TranscodeOptions extends RunOptions {
  /** Encodes at most this much of the input (an overlong upload costs no more than this). */
  maxSeconds?: number;
}

/**
 * What ffmpeg reads: a local file, only through the file protocol (a playlist-like file cannot
 * make it fetch URLs), in the format `demuxer` forces when given (ffmpeg then never guesses);
 * or a source filter graph (`lavfi`, e.g. synthesised speech).
 */
export type FfmpegInput = { file: string; demuxer?: string } | { lavfi: string };

export interface ProbeResult {
  formatName: string;
  durationSeconds: number;
  audioCodec: string | null;
}

export class FfmpegError extends Error {}

/**
 * The product's one audio encoding, for every wave whatever its source (uploads, the demo,
 * anything published from a file): mono speech at 64 kbit/s constant bitrate, 44.1 kHz,
 * loudness-normalised to EBU R128 for phones and laptops (single-pass loudnorm, close to
 * podcast practice), without the source's metadata. The transcode benchmark measures it too.
 */
export const SPEECH_MP3 = {
  channels: 1,
  sampleRate: 44_100,
  bitrateKbps: 64,
  loudness: 'loudnorm=I=-16:TP=-1.5:LRA=11',
} as const;

function inputArgs(input: string | FfmpegInput): string[] {
  const source = typeof input === 'string' ? { file: input } : input;
  if ('lavfi' in source) return ['-f', 'lavfi', '-i', source.lavfi];
  return [
    '-protocol_whitelist',
    'file,pipe',
    ...(source.demuxer ? ['-f', source.demuxer] : []),
    '-i',
    `file:${path.resolve(source.file)}`,
  ];
}

/** ffmpeg's arguments for SPEECH_MP3: the first audio stream of `input` → `output`. */
export function speechMp3Args(
  input: string | FfmpegInput,
  output: string,
  options: { maxSeconds?: number } = {},
): string[] {
  return [
    '-y',
    ...inputArgs(input),
    '-map',
    '0:a:0',
    '-vn',
    '-ac',
    String(SPEECH_MP3.channels),
    '-af',
    SPEECH_MP3.loudness,
    '-ar',
    String(SPEECH_MP3.sampleRate),
    '-c:a',
    'libmp3lame',
    '-b:a',
    `${SPEECH_MP3.bitrateKbps}k`,
    '-map_metadata',
    '-1',
    ...(options.maxSeconds === undefined ? [] : ['-t', String(options.maxSeconds)]),
    '-f',
    'mp3',
    `file:${path.resolve(output)}`,
  ];
}

export interface Captured {
  /** The exit code, null when a signal ended the process. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Standard output (the first megabyte). */
  stdout: string;
  /** The end of standard error, where ffmpeg says why. */
  stderr: string;
}

/**
 * Runs a binary (ffmpeg, ffprobe) and collects what it printed, whatever its exit. Rejects
 * only when it cannot start or `signal` stopped it (once it has exited); `timeoutMs` kills it
 * (SIGKILL).
 */
export function capture(
  binary: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (stdout.length < 1_000_000) stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-8000);
    });
    const timer =
      options.timeoutMs !== undefined
        ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
        : undefined;
    const name = path.basename(binary);
    let stopped = false;
    child.on('error', (error) => {
      clearTimeout(timer);
      if (options.signal?.aborted && child.pid !== undefined) {
        // An abort ends up here once the process was told to stop (SIGTERM): settle when it
        // has exited, so the caller's cleanup never races a process that still writes its
        // files; one that does not stop at once is killed.
        stopped = true;
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        return;
      }
      reject(
        new FfmpegError(
          options.signal?.aborted
            ? `${name} was stopped`
            : `${name} failed to start: ${error.message}`,
        ),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (stopped) reject(new FfmpegError(`${name} was stopped`));
      else resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Like `capture`, but a non-zero exit rejects with the binary's reason; resolves stdout. */
async function runBinary(
  binary: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<string> {
  const result = await capture(binary, args, options);
  if (result.code === 0) return result.stdout;
  const reason = result.signal ? `killed by ${result.signal}` : `exit code ${result.code}`;
  throw new FfmpegError(`${path.basename(binary)} ${reason}: ${result.stderr.trim()}`);
}

async function works(binary: string): Promise<boolean> {
  return capture(binary, ['-version'], { timeoutMs: 10_000 }).then(
    (result) => result.code === 0,
    () => false,
  );
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function npmFallbackPath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const installer = require('@ffmpeg-installer/ffmpeg') as { path?: string };
    return installer.path ?? null;
  } catch {
    return null;
  }
}

function createFfmpeg(
  ffmpegPath: string,
  ffprobePath: string | null,
  source: Ffmpeg['source'],
): Ffmpeg {
  const run = async (args: readonly string[], options?: RunOptions) => {
    await runBinary(
      ffmpegPath,
      ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args],
      options,
    );
  };

  const probe = async (file: string): Promise<ProbeResult> => {
    if (!ffprobePath) {
      const metadata = await parseFile(file, { duration: true });
      return {
        formatName: metadata.format.container ?? 'unknown',
        durationSeconds: metadata.format.duration ?? Number.NaN,
        audioCodec: metadata.format.codec ?? null,
      };
    }
    const output = await runBinary(ffprobePath, [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_entries',
      'format=format_name,duration:stream=codec_type,codec_name,duration',
      file,
    ]);
    const parsed = JSON.parse(output) as {
      format?: { format_name?: string; duration?: string };
      streams?: { codec_type?: string; codec_name?: string; duration?: string }[];
    };
    const audio = parsed.streams?.find((stream) => stream.codec_type === 'audio');
    const duration = Number(parsed.format?.duration ?? audio?.duration ?? Number.NaN);
    return {
      formatName: parsed.format?.format_name ?? 'unknown',
      durationSeconds: duration,
      audioCodec: audio?.codec_name ?? null,
    };
  };

  return {
    ffmpegPath,
    ffprobePath,
    source,
    run,
    probe,
    async probeDurationSeconds(file) {
      const { durationSeconds } = await probe(file);
      if (!Number.isFinite(durationSeconds) || durationSeconds < 0) {
        throw new FfmpegError(`cannot determine the duration of ${path.basename(file)}`);
      }
      return durationSeconds;
    },
    async transcodeToMp3(input, output, options = {}) {
      await run(speechMp3Args(input, output, options), options);
    },
  };
}

export interface FfmpegLocation {
  ffmpegPath?: string | undefined;
  ffprobePath?: string | undefined;
}

const located = new Map<string, Promise<Ffmpeg | null>>();

/**
 * Finds ffmpeg once per configuration. Resolves to null when there is none anywhere, so
 * callers can degrade (the demo seed skips audio; uploads fail with a clear message).
 */
export function locateFfmpeg(location: FfmpegLocation = {}): Promise<Ffmpeg | null> {
  const cacheKey = `${location.ffmpegPath ?? ''}\0${location.ffprobePath ?? ''}`;
  let found = located.get(cacheKey);
  if (!found) {
    found = (async () => {
      let ffmpegPath: string | null = null;
      let source: Ffmpeg['source'] = 'system';
      if (location.ffmpegPath) {
        if (!(await works(location.ffmpegPath))) {
          throw new FfmpegError(`FFMPEG_PATH does not run: ${location.ffmpegPath}`);
        }
        ffmpegPath = location.ffmpegPath;
        source = 'config';
      } else if (await works('ffmpeg')) {
        ffmpegPath = 'ffmpeg';
      } else {
        const fallback = npmFallbackPath();
        if (fallback && (await isExecutable(fallback)) && (await works(fallback))) {
          ffmpegPath = fallback;
          source = 'npm';
        }
      }
      if (!ffmpegPath) return null;

      let ffprobePath: string | null = null;
      if (location.ffprobePath) {
        if (!(await works(location.ffprobePath))) {
          throw new FfmpegError(`FFPROBE_PATH does not run: ${location.ffprobePath}`);
        }
        ffprobePath = location.ffprobePath;
      } else if (source === 'config') {
        const sibling = path.join(path.dirname(ffmpegPath), 'ffprobe');
        if (await works(sibling)) ffprobePath = sibling;
        else if (await works('ffprobe')) ffprobePath = 'ffprobe';
      } else if (await works('ffprobe')) {
        ffprobePath = 'ffprobe';
      }
      return createFfmpeg(ffmpegPath, ffprobePath, source);
    })();
    located.set(cacheKey, found);
  }
  return found;
}

/** Like `locateFfmpeg`, but a missing ffmpeg is an error with a message for the operator. */
export async function requireFfmpeg(location: FfmpegLocation = {}): Promise<Ffmpeg> {
  const ffmpeg = await locateFfmpeg(location);
  if (!ffmpeg) {
    throw new FfmpegError(
      'ffmpeg was not found: install it (apt-get install ffmpeg) or set FFMPEG_PATH',
    );
  }
  return ffmpeg;
}
