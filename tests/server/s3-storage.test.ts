import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3MediaStorage } from '../../server/media/s3-storage.ts';
import type { MediaStorage } from '../../server/media/storage.ts';
import {
  newWave,
  processJobs,
  speechWebm,
  tusCreate,
  tusHead,
  tusPatch,
} from '../helpers/recording.ts';
import { startLocalS3, type LocalS3 } from '../helpers/s3.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import { channelIdOf, createListener } from '../helpers/waves.ts';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
async function readAll(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
async function keysOf(storage: MediaStorage, prefix: string) {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

describe('S3 media storage', () => {
  let storage: MediaStorage;
  const data = Buffer.from('0123456789abcdefghij');
  beforeAll(() => {
    storage = s3MediaStorage({ ...s3.settings, prefix: 'contract' });
  });

  it('writes a stream and a file, reporting size and SHA-256, under its prefix', async () => {
    const stored = await storage.putStream('audio/1/2/w/1_w.mp3', Readable.from([data]));
    expect(stored).toMatchObject({ key: 'audio/1/2/w/1_w.mp3', size: 20, sha256: sha256(data) });
    const file = path.join(s3.directory, 'source.bin');
    writeFileSync(file, data);
    const moved = await storage.putFile('copies/b.bin', file, { move: true });
    expect(moved).toMatchObject({ size: 20, sha256: sha256(data) });
    expect(existsSync(file)).toBe(false);
    expect(await keysOf(storage, 'audio/')).toEqual(['audio/1/2/w/1_w.mp3']);
    expect(await keysOf(storage, 'copies/')).toEqual(['copies/b.bin']);
    // Another prefix (another installation in the same bucket) sees none of it.
    const other = s3MediaStorage({ ...s3.settings, prefix: 'other' });
    expect(await keysOf(other, 'audio/')).toEqual([]);
  });

  it('leaves no object behind when the source stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.putStream('audio/9/9/x/9_x.mp3', failing)).rejects.toThrow();
    expect(await storage.stat('audio/9/9/x/9_x.mp3')).toBeNull();
  });

  it('reads byte ranges and stats', async () => {
    expect(await storage.stat('audio/1/2/w/1_w.mp3')).toMatchObject({ size: 20 });
    expect(await storage.stat('audio/missing')).toBeNull();
    const part = await readAll(
      storage.createReadStream('audio/1/2/w/1_w.mp3', { start: 5, end: 9 }),
    );
    expect(part.toString()).toBe('56789');
    const tail = await readAll(storage.createReadStream('audio/1/2/w/1_w.mp3', { start: 15 }));
    expect(tail.toString()).toBe('fghij');
    await expect(readAll(storage.createReadStream('audio/missing'))).rejects.toThrow();
  });

  it('deletes objects and folders, and refuses keys that escape', async () => {
    await storage.putStream('audio/1/2/w/other.bin', Readable.from([data]));
    await storage.putStream('audio/1/2/keep.bin', Readable.from([data]));
    await storage.deletePrefix('audio/1/2/w/');
    expect(await keysOf(storage, 'audio/')).toEqual(['audio/1/2/keep.bin']);
    await storage.delete('copies/b.bin');
    await storage.delete('copies/b.bin');
    expect(await storage.stat('copies/b.bin')).toBeNull();
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b']) {
      await expect(storage.putStream(key, Readable.from([data])), key).rejects.toThrow(
        /invalid media key/,
      );
    }
  });

  it('reports whether the bucket can be reached', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    await expect(
      s3MediaStorage({ ...s3.settings, bucket: 'no-such-bucket' }).check(),
    ).rejects.toThrow();
  });
});

describeEachDatabase('recording into an S3 bucket', (dialect) => {
  let t: TestApp;
  let storage: MediaStorage;
  const audioDir = () => path.join(t.dataDir, 'fixtures');

  beforeAll(async () => {
    const env = s3.isolatedEnv();
    t = await createTestApp(dialect, { env: { ...env, JOBS_IN_PROCESS: 'false' } });
    storage = t.services.media;
    mkdirSync(audioDir(), { recursive: true });
  });
  afterAll(() => t.close());

  it('resumes a tus upload part by part, publishes into the bucket, and deletes its objects with the wave', async () => {
    const ada = await createListener(t, 'ada-s3');
    const created = await newWave(
      t,
      { language_code_ui: 'en', channel_id: await channelIdOf(t, 'general'), title: 'bucket' },
      ada.auth,
    );
    const wave = created.body.data!;
    const bytes = readFileSync(speechWebm(audioDir(), 20));
    const creation = await tusCreate(t, wave, bytes.length, { sha256: sha256(bytes) });
    expect(creation.statusCode).toBe(201);
    const location = String(creation.headers['location']);

    // The first third, then the server is asked where to go on.
    const third = Math.floor(bytes.length / 3);
    expect(
      (await tusPatch(t, location, 0, bytes.subarray(0, third), wave.upload_token)).statusCode,
    ).toBe(204);
    expect((await keysOf(storage, 'uploads/parts/')).length).toBeGreaterThan(0);
    const head = await tusHead(t, location, wave.upload_token);
    expect(head.headers['upload-offset']).toBe(String(third));
    const rest = await tusPatch(t, location, third, bytes.subarray(third), wave.upload_token);
    expect(rest.statusCode).toBe(204);
    // Complete: the parts went, the received file waits in the bucket for its worker.
    expect(await keysOf(storage, 'uploads/parts/')).toEqual([]);
    expect(await keysOf(storage, 'uploads/received/')).toHaveLength(1);
    expect((await tusHead(t, location, wave.upload_token)).headers['upload-offset']).toBe(
      String(bytes.length),
    );

    expect((await processJobs(t, wave)).status).toBe('published');
    expect(await keysOf(storage, 'uploads/')).toEqual([]);
    const audio = await keysOf(storage, 'audio/');
    expect(audio).toHaveLength(1);
    expect(audio[0]).toContain(wave.wave_name);
    // No local copy: the media lives only in the bucket.
    expect(existsSync(path.join(t.dataDir, 'media'))).toBe(false);

    const played = await t.app.inject({
      method: 'GET',
      url: `/media/${audio[0]}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(played.statusCode).toBe(206);
    expect(played.rawPayload.length).toBe(100);

    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wave/delete/${wave.wave_name}`,
      headers: ada.auth,
      payload: { confirm: 'delete' },
    });
    expect(removed.statusCode).toBe(200);
    expect(await keysOf(storage, 'audio/')).toEqual([]);
  }, 60_000);
});
