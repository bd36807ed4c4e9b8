import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateFfmpeg, requireFfmpeg, type Ffmpeg } from '../../server/media/ffmpeg.ts';
import { renderWaveVideo, type WaveVideoOptions } from '../../server/media/wave-video.ts';
import { publicWaveUrl } from '../../src/lib/audiogram-card/card-qr.ts';
import { englishCardLabels } from '../../src/lib/audiogram-card/card-labels.ts';
import { probeMedia } from '../helpers/media-probe.ts';
import { speechWebm } from '../helpers/recording.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'waves-video-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const card: WaveVideoOptions['card'] = {
  avatarSrc: `data:image/svg+xml;base64,${readFileSync('public/images/fallback-avatar-1.svg').toString('base64')}`,
  title: 'Grüße aus München',
  username: 'jürgen',
  teamName: 'Team Jürgen',
  channelName: 'allgemein',
  description: 'Ein kurzer Gruß an alle.',
  durationSeconds: 8,
  published: true,
  created: '2025-01-05T15:07:00Z',
  qrUrl: publicWaveUrl('http://localhost:8080', 'jürgen', 'aB3dE5fG7h'),
  siteName: 'Waves',
  labels: englishCardLabels,
};

/** The loudness-normalised speech mp3 a published wave has. */
async function waveMp3(seconds: number): Promise<string> {
  const mp3 = path.join(dir, `wave-${seconds}s.mp3`);
  if (!existsSync(mp3)) {
    await (await requireFfmpeg()).transcodeToMp3(speechWebm(dir, seconds), mp3);
  }
  return mp3;
}

/** The ffmpeg processes (pids) whose command line names `file`. */
function ffmpegWriting(file: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(file);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until ffmpeg has begun writing the video under its temporary name. */
async function partialAppears(folder: string): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const names = existsSync(folder) ? readdirSync(folder) : [];
    const partial = names.find((name) => name.includes('.partial-'));
    if (partial) return path.join(folder, partial);
    await sleep(50);
  }
  throw new Error('the render never started writing');
}

const fallbackPath = (() => {
  try {
    return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return null;
  }
})();

describe('the wave’s portrait video', () => {
  let system: Ffmpeg;
  let mp3: string;
  beforeAll(async () => {
    system = await requireFfmpeg();
    mp3 = await waveMp3(8);
  });

  async function expectPhoneSafeVideo(ffmpeg: Ffmpeg, folder: string) {
    const output = path.join(dir, folder, 'wave.mp4');
    const result = await renderWaveVideo({ ffmpeg, audioFile: mp3, output, card });

    const audioSeconds = await system.probeDurationSeconds(mp3);
    const { streams, format } = probeMedia(output);
    const video = streams.find((stream) => stream.codec_type === 'video');
    const audio = streams.find((stream) => stream.codec_type === 'audio');
    expect(video).toMatchObject({
      codec_name: 'h264',
      profile: 'High',
      level: 40,
      pix_fmt: 'yuv420p',
      width: 1080,
      height: 1920,
      avg_frame_rate: '15/1',
    });
    expect(Number(video?.bit_rate)).toBeLessThanOrEqual(400_000);
    expect(audio).toMatchObject({ codec_name: 'aac' });
    expect(format.format_name).toContain('mp4');
    expect(Math.abs(Number(format.duration) - audioSeconds)).toBeLessThan(0.5);
    expect(result).toMatchObject({ capped: false, bytes: readFileSync(output).length });
    // The moov atom leads the file (+faststart): playback starts before the download ends.
    const head = readFileSync(output).subarray(0, 64).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(0);
    expect(readdirSync(path.dirname(output))).toEqual(['wave.mp4']);

    // A frame from the middle still carries a QR code that opens the wave's page.
    const frame = path.join(dir, `${folder}-frame.png`);
    await system.run(['-y', '-ss', '4', '-i', output, '-frames:v', '1', frame]);
    const { data, info } = await sharp(frame)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const qr = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(qr?.data).toBe(card.qrUrl);
  }

  it('is a phone-safe 1080×1920 H.264/AAC mp4 as long as the audio', async () => {
    await expectPhoneSafeVideo(system, 'system');
  });

  it.skipIf(!fallbackPath)('is phone-safe with the bundled fallback ffmpeg too', async () => {
    const fallback = await locateFfmpeg({ ffmpegPath: fallbackPath! });
    expect(fallback?.source).toBe('config');
    await expectPhoneSafeVideo(fallback!, 'fallback');
  });

  it('covers at most the cap of a long wave, audio included', async () => {
    const output = path.join(dir, 'capped', 'wave.mp4');
    const result = await renderWaveVideo({
      ffmpeg: system,
      audioFile: mp3,
      output,
      card,
      maxSeconds: 3,
    });
    expect(result).toMatchObject({ capped: true, videoSeconds: 3 });
    const { streams, format } = probeMedia(output);
    expect(Math.abs(Number(format.duration) - 3)).toBeLessThan(0.5);
    expect(streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
  });

  it.skipIf(!existsSync('/proc/self/cmdline'))(
    'leaves no file at the final path when ffmpeg is killed mid-render',
    async () => {
      const folder = path.join(dir, 'killed');
      const output = path.join(folder, 'wave.mp4');
      const render = renderWaveVideo({
        ffmpeg: system,
        audioFile: await waveMp3(60),
        output,
        card,
      });
      const settled = render.then(
        () => 'finished',
        (error: unknown) => error,
      );
      const partial = await partialAppears(folder);
      const pids = ffmpegWriting(partial);
      expect(pids.length).toBeGreaterThan(0);
      for (const pid of pids) process.kill(pid, 'SIGKILL');

      expect(await settled).toBeInstanceOf(Error);
      expect(existsSync(output)).toBe(false);
      expect(readdirSync(folder)).toEqual([]);
    },
  );

  it('keeps the complete earlier video when a re-render is stopped', async () => {
    const folder = path.join(dir, 'rerender');
    const output = path.join(folder, 'wave.mp4');
    await renderWaveVideo({ ffmpeg: system, audioFile: mp3, output, card });
    const before = readFileSync(output);

    const controller = new AbortController();
    const render = renderWaveVideo({
      ffmpeg: system,
      audioFile: await waveMp3(60),
      output,
      card,
      signal: controller.signal,
    });
    await partialAppears(folder);
    controller.abort();
    await expect(render).rejects.toThrow();
    expect(readFileSync(output).equals(before)).toBe(true);
    expect(readdirSync(folder)).toEqual(['wave.mp4']);
  });

  it('clears partial files that a dead render left behind, not those of a running one', async () => {
    const folder = path.join(dir, 'stale');
    const output = path.join(folder, 'wave.mp4');
    mkdirSync(folder, { recursive: true });
    const stale = `${output}.partial-dead`;
    const running = `${output}.partial-live`;
    writeFileSync(stale, 'half a video');
    writeFileSync(running, 'a video being written');
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    utimesSync(stale, hourAgo, hourAgo);

    await renderWaveVideo({ ffmpeg: system, audioFile: mp3, output, card, timeoutMs: 10 * 60_000 });
    expect(readdirSync(folder).sort()).toEqual(['wave.mp4', 'wave.mp4.partial-live']);
  });
});
