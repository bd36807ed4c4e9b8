import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { NewWaveData, UploadStatus } from '../../src/api/contract/recording.ts';
import { UPLOAD_TOKEN_HEADER } from '../../src/api/contract/recording-limits.ts';
import type { TestApp } from './test-app.ts';

/**
 * Audio for the recording tests, made by the system's ffmpeg at test time (no binaries in the
 * repository), and the client's side of the upload protocols.
 */

const SPEECH =
  'Hello, this is a voice message recorded on the go. Waves keeps every word, even when the network is slow.';

function ffmpeg(args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/**
 * Speech (flite, looped) as WebM/Opus the way browsers record it: streamed, so the file
 * declares no duration and the server has to find out by decoding.
 */
export function speechWebm(
  dir: string,
  seconds: number,
  { bitrateKbps = 24 }: { bitrateKbps?: number } = {},
) {
  const name = `speech-${seconds}s-${bitrateKbps}k.webm`;
  const file = path.join(dir, name);
  if (existsSync(file)) return file;
  const out = openSync(file, 'w');
  try {
    const result = spawnSync(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `flite=text='${SPEECH}':voice=slt,aloop=loop=-1:size=2000000000,atrim=duration=${seconds}`,
        '-ac',
        '1',
        '-ar',
        '48000',
        '-c:a',
        'libopus',
        '-b:a',
        `${bitrateKbps}k`,
        '-application',
        'voip',
        '-f',
        'webm',
        'pipe:1',
      ],
      { stdio: ['ignore', out, 'pipe'] },
    );
    if (result.status !== 0) throw new Error(`ffmpeg: ${String(result.stderr)}`);
  } finally {
    closeSync(out);
  }
  return file;
}

/** A tone in any format ffmpeg infers from the extension (mp3 carries a Xing header). */
export function toneFile(dir: string, name: string, seconds: number, extra: string[] = []) {
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`, ...extra, file]);
  }
  return file;
}

/** A long WAV that declares its (over-limit) duration in its header: 8 kHz, 8 bit. */
export function longWav(dir: string, seconds: number) {
  return toneFile(dir, `long-${seconds}s.wav`, seconds, ['-ar', '8000', '-c:a', 'pcm_u8']);
}

/** A real PNG, named like an mp3. */
export function pngNamedMp3(dir: string) {
  const png = path.join(dir, 'picture.png');
  ffmpeg(['-f', 'lavfi', '-i', 'color=red:s=32x32', '-frames:v', '1', png]);
  const file = path.join(dir, 'picture.mp3');
  writeFileSync(file, readFileSync(png));
  return file;
}

/** The first `fraction` of a file (a download or copy cut short). */
export function truncated(file: string, fraction = 0.5) {
  const bytes = readFileSync(file);
  const target = file.replace(/(\.[a-z0-9]+)$/, `-cut$1`);
  writeFileSync(target, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return target;
}

/** A recording whose magic bytes were overwritten (the rest is intact audio data). */
export function wrongMagic(file: string) {
  const bytes = Buffer.from(readFileSync(file));
  bytes.fill(0x20, 0, 64);
  const target = file.replace(/(\.[a-z0-9]+)$/, `-nomagic$1`);
  writeFileSync(target, bytes);
  return target;
}

export function sha256(bytes: Buffer) {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Every file below `dir` (relative paths), for "nothing left behind" checks. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The scratch folders of the processes that ran on DATA_DIR (server/kernel/process-scratch.ts),
 * absolute, oldest name first.
 */
export function scratchFolders(dataDir: string): string[] {
  const root = path.join(dataDir, 'tmp', 'proc');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .sort()
    .map((name) => path.join(root, name));
}

/**
 * Files in the scratch folders of DATA_DIR, but their owner files: what processes have on its
 * way (relative to DATA_DIR/tmp/proc; `under` keeps one sub-folder of each, e.g. `work`).
 */
export function scratchFiles(dataDir: string, under?: string): string[] {
  const root = path.join(dataDir, 'tmp', 'proc');
  return scratchFolders(dataDir).flatMap((folder) =>
    filesUnder(under ? path.join(folder, under) : folder)
      .filter((file) => file !== 'owner.json')
      .map((file) => path.relative(root, path.join(folder, under ?? '', file))),
  );
}

export const TUS = { 'tus-resumable': '1.0.0' } as const;

function metadata(values: Record<string, string>) {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

export async function newWave(
  t: TestApp,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wave/newwave',
    headers,
    payload: body,
  });
  return {
    status: reply.statusCode,
    body: reply.json<{
      success: boolean;
      message: string;
      data: NewWaveData | null;
      formFieldErrorMessages: Record<string, string>;
    }>(),
  };
}

/** tus creation for a wave; returns the reply (Location on success). */
export async function tusCreate(
  t: TestApp,
  wave: { wave_name: string; upload_token?: string },
  length: number,
  options: { sha256?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': metadata({
        wave_name: wave.wave_name,
        filetype: 'audio/webm',
        ...(options.sha256 ? { sha256: options.sha256 } : {}),
      }),
      ...(wave.upload_token ? { [UPLOAD_TOKEN_HEADER]: wave.upload_token } : {}),
      ...options.headers,
    },
  });
}

export async function tusPatch(
  t: TestApp,
  location: string,
  offset: number,
  chunk: Buffer,
  token: string | undefined,
) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...(token ? { [UPLOAD_TOKEN_HEADER]: token } : {}),
    },
    payload: chunk,
  });
}

export async function tusHead(t: TestApp, location: string, token: string | undefined) {
  return t.app.inject({
    method: 'HEAD',
    url: location,
    headers: { ...TUS, ...(token ? { [UPLOAD_TOKEN_HEADER]: token } : {}) },
  });
}

/** A whole tus upload in one PATCH; returns the PATCH reply (or the refused creation). */
export async function tusUpload(t: TestApp, wave: NewWaveData, bytes: Buffer) {
  const created = await tusCreate(t, wave, bytes.length, { sha256: sha256(bytes) });
  if (created.statusCode !== 201) return { created, patched: null };
  const location = String(created.headers['location']);
  const patched = await tusPatch(t, location, 0, bytes, wave.upload_token);
  return { created, patched, location };
}

export async function uploadStatus(t: TestApp, wave: NewWaveData, token = wave.upload_token) {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/api/v1/wave/uploadstatus/${wave.wave_name}`,
    headers: { [UPLOAD_TOKEN_HEADER]: token },
  });
  return { status: reply.statusCode, body: reply.json<{ data: UploadStatus; message: string }>() };
}

/** Runs the due jobs in the test's process and returns the wave's status afterwards. */
export async function processJobs(t: TestApp, wave: NewWaveData) {
  await t.services.jobs.runDue();
  return (await uploadStatus(t, wave)).body.data;
}

/** A multipart body with one file field, as a Buffer (content-length known). */
export function multipartBody(field: string, fileName: string, bytes: Buffer, type: string) {
  const boundary = `----waves${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
    boundary,
    head,
    tail,
  };
}
