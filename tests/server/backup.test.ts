import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewWaveData, UploadStatus } from '../../src/api/contract/recording.ts';
import { UPLOAD_TOKEN_HEADER } from '../../src/api/contract/recording-limits.ts';
import { sha256, speechWebm } from '../helpers/recording.ts';
import {
  createInstallation,
  kill9,
  solveCaptchaAt,
  startServer,
  type Installation,
  type ServerProcess,
} from '../helpers/server-process.ts';

/**
 * `npm run backup` on a running embedded installation, then a restore: a server started on the
 * backup folder serves the same waves and audio, and the upload tokens and sessions of the old
 * one still hold (the secret came along).
 */
const work = mkdtempSync(path.join(tmpdir(), 'waves-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function runBackup(installation: Installation, target: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup.ts', target], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { PATH: process.env.PATH ?? '', ...installation.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('backup and restore', () => {
  let installation: Installation;
  let server: ServerProcess;
  let restored: ServerProcess | null = null;
  let wave: NewWaveData;
  let audioUrl: string;
  let recording: Buffer;

  beforeAll(async () => {
    recording = readFileSync(speechWebm(work, 3));
    installation = await createInstallation('sqlite');
    server = await startServer(installation);
  }, 120_000);
  afterAll(async () => {
    await kill9(server);
    if (restored) await kill9(restored);
    await installation.destroy();
  });

  const json = async <T>(reply: Response) => ((await reply.json()) as { data: T }).data;

  it('backs up a running server while it takes writes, and a server on the copy has it all', async () => {
    // A published wave with its audio.
    wave = await json<NewWaveData>(
      await fetch(`${server.url}/api/v1/wave/newwave`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          language_code_ui: 'en',
          channel_id: 1,
          title: 'kept safe',
          captcha: await solveCaptchaAt(server.url),
        }),
      }),
    );
    const upload = await fetch(`${server.url}/api/v1/uploadaudio/${wave.wave_name}`, {
      method: 'POST',
      headers: { [UPLOAD_TOKEN_HEADER]: wave.upload_token },
      body: (() => {
        const form = new FormData();
        form.set('recording', new Blob([new Uint8Array(recording)]), 'speech.webm');
        return form;
      })(),
    });
    expect(upload.status).toBe(200);
    const status = async () =>
      json<UploadStatus>(
        await fetch(`${server.url}/api/v1/wave/uploadstatus/${wave.wave_name}`, {
          headers: { [UPLOAD_TOKEN_HEADER]: wave.upload_token },
        }),
      );
    await expect.poll(async () => (await status()).status, { timeout: 60_000 }).toBe('published');
    const listed = await json<{ wave_name: string; audio_url?: string }[]>(
      await fetch(`${server.url}/api/v1/wave/wavelistpublicnewest/en`),
    );
    expect(listed.map((item) => item.wave_name)).toContain(wave.wave_name);
    const row = listed.find((item) => item.wave_name === wave.wave_name) as unknown as {
      channel_id: number;
      created_epoch_day: number;
    };
    audioUrl = `/media/audio/${row.channel_id}/${row.created_epoch_day}/${wave.wave_name}/${row.channel_id}_${wave.wave_name}.mp3`;
    const original = Buffer.from(await (await fetch(`${server.url}${audioUrl}`)).arrayBuffer());
    expect(original.length).toBeGreaterThan(1000);

    // Views keep being written while the backup runs: it is online.
    let writing = true;
    const writes = (async () => {
      let count = 0;
      while (writing) {
        await fetch(`${server.url}/api/v1/wave/logview/${wave.wave_name}`, { method: 'POST' });
        count += 1;
      }
      return count;
    })();
    const target = path.join(work, 'backup-1');
    const backup = await runBackup(installation, target);
    writing = false;
    expect(await writes).toBeGreaterThan(0);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`to ${target}`);
    for (const file of ['waves.sqlite', 'jwt-secret', 'media']) {
      expect(existsSync(path.join(target, file)), file).toBe(true);
    }
    // A second backup never overwrites the first.
    expect((await runBackup(installation, target)).code).toBe(1);

    // Restore: the old server is gone, a server starts on the copy.
    await kill9(server);
    restored = await startServer({
      ...installation,
      env: { ...installation.env, DATA_DIR: target },
    });
    const after = await json<{ wave_name: string; title: string }[]>(
      await fetch(`${restored.url}/api/v1/wave/wavelistpublicnewest/en`),
    );
    expect(after.find((item) => item.wave_name === wave.wave_name)?.title).toBe('kept safe');
    const audio = await fetch(`${restored.url}${audioUrl}`, { headers: { range: 'bytes=0-' } });
    expect(audio.status).toBe(206);
    expect(Buffer.from(await audio.arrayBuffer()).equals(original)).toBe(true);
    // The upload token of the old server still proves the wave (the same secret).
    const again = await fetch(`${restored.url}/api/v1/wave/uploadstatus/${wave.wave_name}`, {
      headers: { [UPLOAD_TOKEN_HEADER]: wave.upload_token },
    });
    expect(again.status).toBe(200);
    expect((await json<UploadStatus>(again)).audio_sha256).toBe(sha256(recording));
  }, 180_000);
});
