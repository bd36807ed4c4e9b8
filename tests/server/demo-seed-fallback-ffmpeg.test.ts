import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { locateFfmpeg } from '../../server/media/ffmpeg.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A fresh machine without Debian's ffmpeg: nothing named ffmpeg or ffprobe on the PATH, so the
 * server falls back to the npm build (no speech synthesis, no ffprobe). The demo must still
 * appear. Vitest runs each server test file in a process of its own, so the PATH change stays
 * in this file.
 */
let t: TestApp;
const savedPath = process.env.PATH;
const emptyBin = mkdtempSync(path.join(tmpdir(), 'waves-no-ffmpeg-'));

beforeAll(async () => {
  process.env.PATH = emptyBin;
  t = await createTestApp('sqlite');
});
afterAll(async () => {
  await t.close();
  process.env.PATH = savedPath;
  rmSync(emptyBin, { recursive: true, force: true });
});

it('seeds the whole demo with the npm fallback ffmpeg alone', { timeout: 180_000 }, async () => {
  const ffmpeg = await locateFfmpeg();
  expect(ffmpeg).toMatchObject({ source: 'npm', ffprobePath: null });

  const messages: string[] = [];
  const log = { info: (m: string) => messages.push(m), warn: (m: string) => messages.push(m) };
  const result = await seedDemo(t.services, log);
  expect(result, messages.join('\n')).toMatchObject({ status: 'seeded', waves: 14 });

  const en = await t.app.inject({ method: 'GET', url: '/api/v1/wave/wavelistpublicnewest/en' });
  const de = await t.app.inject({ method: 'GET', url: '/api/v1/wave/wavelistpublicnewest/de' });
  const waves = [...en.json().data, ...de.json().data];
  expect(waves).toHaveLength(14);
  for (const wave of waves) expect(wave.duration).toBeGreaterThan(1);
});
