import { execFile, spawn } from 'node:child_process';
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
  /** Any audio (or video with audio) → speech mp3 at `output` (overwritten). */
  transcodeToMp3(input: string, output: string, options?: TranscodeOptions): Promise<void>;
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
  /** Constant bitrate in kbit/s; 64 is plenty for mono speech. */
  bitrateKbps?: number;
  /** EBU R128 loudness normalisation (ffmpeg's loudnorm, single pass); default on. */
  normalizeLoudness?: boolean;
  sampleRate?: number;
}

export interface ProbeResult {
  formatName: string;
  durationSeconds: number;
  audioCodec: string | null;
}

export class FfmpegError extends Error {}

/** Loudness target for speech on phones and laptops (close to podcast practice). */
const LOUDNORM = 'loudnorm=I=-16:TP=-1.5:LRA=11';

async function works(binary: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(binary, ['-version'], { timeout: 10_000 }, (error) => resolve(!error));
  });
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

function runBinary(
  binary: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-4000);
    });
    const timer =
      options.timeoutMs !== undefined
        ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
        : undefined;
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new FfmpegError(`${path.basename(binary)} failed to start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else {
        const reason = signal ? `killed by ${signal}` : `exit code ${code}`;
        reject(new FfmpegError(`${path.basename(binary)} ${reason}: ${stderr.trim()}`));
      }
    });
  });
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
      const filters = options.normalizeLoudness === false ? [] : ['-af', LOUDNORM];
      await run(
        [
          '-y',
          '-i',
          input,
          '-map',
          '0:a:0',
          '-vn',
          '-ac',
          '1',
          ...filters,
          '-ar',
          String(options.sampleRate ?? 44_100),
          '-c:a',
          'libmp3lame',
          '-b:a',
          `${options.bitrateKbps ?? 64}k`,
          '-map_metadata',
          '-1',
          '-f',
          'mp3',
          output,
        ],
        options,
      );
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

/** Convenience wrappers on the located binaries (system or configured). */
export async function transcodeToMp3(
  input: string,
  output: string,
  options?: TranscodeOptions & FfmpegLocation,
): Promise<void> {
  return (await requireFfmpeg(options)).transcodeToMp3(input, output, options);
}

export async function probeDurationSeconds(
  file: string,
  location?: FfmpegLocation,
): Promise<number> {
  return (await requireFfmpeg(location)).probeDurationSeconds(file);
}
