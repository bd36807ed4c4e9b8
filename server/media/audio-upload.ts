import path from 'node:path';
import {
  MAX_ANONYMOUS_DURATION_SECONDS,
  MAX_DURATION_SECONDS,
  recordingMessages,
} from '../../src/api/contract/recording-limits.ts';
import { Refusal } from '../kernel/refusal.ts';
import { FfmpegError, capture, type Ffmpeg } from './ffmpeg.ts';

/**
 * Checks and transcodes uploaded audio without trusting anything the client said about it
 * (name, type, duration). Files are probed by content only: uploads are stored without an
 * extension (ffmpeg would take one as a hint), probing allows only the demuxers of audio
 * formats (`-format_whitelist`) and only local files (`-protocol_whitelist file,pipe`, so a
 * playlist-like file cannot make ffmpeg fetch URLs or read other files), and the transcode
 * forces the demuxer the probe found (`-f`), so ffmpeg never guesses again.
 */

/** Demuxers of audio formats (ffmpeg names; `matroska` covers WebM, `mov` covers MP4/M4A). */
export const AUDIO_DEMUXERS = [
  'matroska',
  'mov',
  'ogg',
  'mp3',
  'wav',
  'w64',
  'flac',
  'aac',
  'caf',
  'aiff',
  'amr',
] as const;

const AUDIO_CODECS = new Set([
  'opus',
  'vorbis',
  'aac',
  'mp3',
  'mp2',
  'flac',
  'alac',
  'amr_nb',
  'amr_wb',
  'speex',
]);

/** Allowed past the limit: recorders stop on a timer and overshoot by a fraction of a second. */
export const DURATION_GRACE_SECONDS = 1;

/** A file the pipeline will not take, with the message its creator sees. */
export class AudioRefusal extends Refusal {
  constructor(
    message: string,
    kind: 'invalid' | 'too-large' | 'unsupported-media' | 'unprocessable',
  ) {
    super(kind, message);
  }
}

export interface SniffedAudio {
  /** The demuxer to force for the transcode (`matroska`, `mov`, `mp3`, …). */
  demuxer: string;
  formatName: string;
  codec: string;
  /** What the container declares, when it does (MediaRecorder's WebM does not). */
  declaredSeconds: number | null;
}

export function maxDurationSeconds(anonymous: boolean): number {
  return anonymous ? MAX_ANONYMOUS_DURATION_SECONDS : MAX_DURATION_SECONDS;
}

export function tooLongMessage(anonymous: boolean): string {
  return anonymous ? recordingMessages.tooLongAnonymous : recordingMessages.tooLong;
}

const demuxerPattern = new RegExp(`\\[(${AUDIO_DEMUXERS.join('|')})[a-z0-9,]* @`);

/** A probe that failed: damaged audio (a known demuxer gave up) or not audio at all. */
function refusalFromProbeError(stderr: string): AudioRefusal {
  if (/not on whitelist/i.test(stderr))
    return new AudioRefusal(recordingMessages.notAudio, 'unsupported-media');
  if (demuxerPattern.test(stderr) || /Input\/output error|End of file/i.test(stderr)) {
    return new AudioRefusal(recordingMessages.truncated, 'unprocessable');
  }
  return new AudioRefusal(recordingMessages.notAudio, 'unsupported-media');
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
}

function interpretProbe(json: string): SniffedAudio {
  let parsed: {
    format?: { format_name?: string; duration?: string };
    streams?: ProbeStream[];
  };
  try {
    parsed = JSON.parse(json) as typeof parsed;
  } catch {
    throw new AudioRefusal(recordingMessages.metadataUnreadable, 'unprocessable');
  }
  const formatName = parsed.format?.format_name ?? '';
  const demuxer = formatName.split(',')[0] ?? '';
  if (!(AUDIO_DEMUXERS as readonly string[]).includes(demuxer)) {
    throw new AudioRefusal(recordingMessages.notAudio, 'unsupported-media');
  }
  const streams = parsed.streams ?? [];
  // Cover art is a picture "stream"; a real video track makes it a video, not a recording.
  const video = streams.some(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const codec = audio?.codec_name ?? '';
  if (video || !audio || !(AUDIO_CODECS.has(codec) || codec.startsWith('pcm_'))) {
    throw new AudioRefusal(recordingMessages.notAudio, 'unsupported-media');
  }
  const declared = Number(parsed.format?.duration ?? audio.duration ?? Number.NaN);
  return {
    demuxer,
    formatName,
    codec,
    declaredSeconds: Number.isFinite(declared) && declared > 0 ? declared : null,
  };
}

/**
 * Without ffprobe (the npm fallback build): ffmpeg prints the same facts on stderr when it
 * opens the input.
 */
function interpretFfmpegBanner(stderr: string): SniffedAudio {
  const input = /Input #0, ([a-z0-9_,]+), from/.exec(stderr);
  if (!input?.[1]) throw refusalFromProbeError(stderr);
  const streams: ProbeStream[] = [];
  for (const match of stderr.matchAll(/Stream #0:\d+[^:]*: (Audio|Video): ([a-z0-9_]+)(.*)/g)) {
    streams.push({
      codec_type: match[1]?.toLowerCase() ?? '',
      codec_name: match[2] ?? '',
      disposition: { attached_pic: (match[3] ?? '').includes('attached pic') ? 1 : 0 },
    });
  }
  const time = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(stderr);
  const duration = time
    ? String(Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]))
    : undefined;
  return interpretProbe(
    JSON.stringify({
      format: { format_name: input[1], ...(duration ? { duration } : {}) },
      streams,
    }),
  );
}

const SNIFF_TIMEOUT_MS = 60_000;

/**
 * What the file really is. Throws AudioRefusal (not audio, damaged, too long by its own
 * header) with the message for the creator.
 */
export async function sniffAudio(
  ffmpeg: Ffmpeg,
  file: string,
  options: { maxSeconds: number; anonymous: boolean; signal?: AbortSignal },
): Promise<SniffedAudio> {
  const input = `file:${path.resolve(file)}`;
  const safeInput = [
    '-protocol_whitelist',
    'file,pipe',
    '-format_whitelist',
    AUDIO_DEMUXERS.join(','),
  ];
  let sniffed: SniffedAudio;
  let lastStderr = '';
  if (ffmpeg.ffprobePath) {
    const result = await capture(
      ffmpeg.ffprobePath,
      [
        '-v',
        'warning',
        ...safeInput,
        '-print_format',
        'json',
        '-show_entries',
        'format=format_name,duration:stream=codec_type,codec_name,duration:stream_disposition=attached_pic',
        input,
      ],
      { timeoutMs: SNIFF_TIMEOUT_MS, signal: options.signal },
    );
    if (result.code !== 0) throw refusalFromProbeError(result.stderr);
    sniffed = interpretProbe(result.stdout);
    lastStderr = result.stderr;
  } else {
    const result = await capture(
      ffmpeg.ffmpegPath,
      ['-hide_banner', '-nostdin', ...safeInput, '-i', input],
      { timeoutMs: SNIFF_TIMEOUT_MS, signal: options.signal },
    );
    sniffed = interpretFfmpegBanner(result.stderr);
    lastStderr = result.stderr;
  }
  // A guess from the bitrate (MP3/ADTS without an index) is no declaration.
  if (/Estimating duration from bitrate/i.test(lastStderr)) sniffed.declaredSeconds = null;
  if (
    sniffed.declaredSeconds !== null &&
    sniffed.declaredSeconds > options.maxSeconds + DURATION_GRACE_SECONDS
  ) {
    throw new AudioRefusal(tooLongMessage(options.anonymous), 'unprocessable');
  }
  return sniffed;
}

/** ffmpeg's words for input it could not decode at all (permanent, unlike a crash). */
const UNDECODABLE =
  /Invalid data found|moov atom not found|does not contain any stream|partial file|could not find codec parameters/i;

/**
 * The upload → the product's speech mp3 (SPEECH_MP3 in ffmpeg.ts), reading only the probed
 * demuxer and at most `maxSeconds` of audio, so an overlong file costs no more than the limit
 * to find out. Input ffmpeg cannot decode at all is refused as damaged.
 */
export async function transcodeUpload(
  ffmpeg: Ffmpeg,
  input: string,
  output: string,
  options: { demuxer: string; maxSeconds: number; signal?: AbortSignal; timeoutMs?: number },
): Promise<void> {
  try {
    await ffmpeg.transcodeToMp3({ file: input, demuxer: options.demuxer }, output, {
      maxSeconds: options.maxSeconds,
      ...(options.signal ? { signal: options.signal } : {}),
      timeoutMs: options.timeoutMs ?? 30 * 60_000,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (error instanceof FfmpegError && UNDECODABLE.test(error.message)) {
      throw new AudioRefusal(recordingMessages.truncated, 'unprocessable');
    }
    throw error;
  }
}

/**
 * Judges the transcoded result: a duration must come out, stay within the limit, and match
 * what the container declared (a file cut short declares more than it holds).
 */
export function checkTranscoded(
  seconds: number,
  sniffed: Pick<SniffedAudio, 'declaredSeconds'>,
  options: { maxSeconds: number; anonymous: boolean },
): void {
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new AudioRefusal(recordingMessages.durationUnknown, 'unprocessable');
  }
  if (seconds > options.maxSeconds + DURATION_GRACE_SECONDS) {
    throw new AudioRefusal(tooLongMessage(options.anonymous), 'unprocessable');
  }
  const declared = sniffed.declaredSeconds;
  if (declared !== null && seconds < declared - Math.max(2, declared * 0.05)) {
    throw new AudioRefusal(recordingMessages.truncated, 'unprocessable');
  }
}
