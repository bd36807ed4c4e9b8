import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRange } from '../../server/routes/media-audio.ts';
import { startLocalS3, type LocalS3 } from '../helpers/s3.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import {
  createListener,
  insertChannel,
  makeTone,
  publishWave,
  type Listener,
} from '../helpers/waves.ts';

const audioDir = mkdtempSync(path.join(tmpdir(), 'waves-audio-'));
const tone = makeTone(audioDir, 'tone.mp3', 2);
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

describe('parseRange', () => {
  it('reads single byte ranges and refuses what cannot be satisfied', () => {
    expect(parseRange(undefined, 100)).toBe('whole');
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    // Syntax we do not serve is ignored (RFC 9110: the whole representation).
    expect(parseRange('bytes=9-3', 100)).toBe('whole');
    expect(parseRange('bytes=0-1,5-6', 100)).toBe('whole');
    expect(parseRange('items=0-1', 100)).toBe('whole');
    expect(parseRange('bytes=-', 100)).toBe('whole');
  });
});

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

// The same replies from the disk and from an S3 bucket (streamed through the server).
for (const storage of ['disk', 's3'] as const)
  describeEachDatabase(`audio media on ${storage}`, (dialect) => {
    let t: TestApp;
    let author: Listener;
    let url: string;
    let bytes: Buffer;

    const fetch = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
      t.app.inject({ method: method as 'GET' | 'HEAD', url: target, headers });

    beforeAll(async () => {
      t = await createTestApp(dialect, storage === 's3' ? { env: s3.isolatedEnv() } : {});
      author = await createListener(t, 'audio-author');
      const wave = await publishWave(t, tone, {
        userId: author.userId,
        channel: 'general',
        title: 'tone',
      });
      url = `/media/audio/${wave.channel_id}/${wave.created_epoch_day}/${wave.wave_name}/${wave.channel_id}_${wave.wave_name}.mp3`;
      bytes = readFileSync(tone);
    });
    afterAll(() => t.close());

    it('serves the whole file with type, length, ETag and immutable caching', async () => {
      const reply = await fetch(`${url}?x=12345`);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('audio/mpeg');
      expect(reply.headers['accept-ranges']).toBe('bytes');
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(reply.headers['content-length']).toBe(String(bytes.length));
      expect(reply.headers['etag']).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.rawPayload.equals(bytes)).toBe(true);
    });

    it('does not compress audio even when the client accepts it', async () => {
      const reply = await fetch(url, { 'accept-encoding': 'br, gzip' });
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.rawPayload.equals(bytes)).toBe(true);
    });

    it('answers bytes=N-M with 206 and Content-Range', async () => {
      const reply = await fetch(url, { range: 'bytes=10-19' });
      expect(reply.statusCode).toBe(206);
      expect(reply.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
      expect(reply.headers['content-length']).toBe('10');
      expect(reply.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    });

    it('answers an open range bytes=N-', async () => {
      const start = bytes.length - 100;
      const reply = await fetch(url, { range: `bytes=${start}-` });
      expect(reply.statusCode).toBe(206);
      expect(reply.headers['content-range']).toBe(
        `bytes ${start}-${bytes.length - 1}/${bytes.length}`,
      );
      expect(reply.rawPayload.equals(bytes.subarray(start))).toBe(true);
    });

    it('answers a suffix range bytes=-N', async () => {
      const reply = await fetch(url, { range: 'bytes=-7' });
      expect(reply.statusCode).toBe(206);
      expect(reply.headers['content-range']).toBe(
        `bytes ${bytes.length - 7}-${bytes.length - 1}/${bytes.length}`,
      );
      expect(reply.rawPayload.equals(bytes.subarray(bytes.length - 7))).toBe(true);
    });

    it('answers an unsatisfiable range with 416 and Content-Range: bytes */size', async () => {
      const reply = await fetch(url, { range: `bytes=${bytes.length}-` });
      expect(reply.statusCode).toBe(416);
      expect(reply.headers['content-range']).toBe(`bytes */${bytes.length}`);
    });

    it('answers a matching If-None-Match with 304', async () => {
      const etag = (await fetch(url)).headers['etag'] as string;
      const reply = await fetch(url, { 'if-none-match': etag });
      expect(reply.statusCode).toBe(304);
      expect(reply.rawPayload.length).toBe(0);
    });

    it('ignores a range whose If-Range names another version', async () => {
      const reply = await fetch(url, { range: 'bytes=0-9', 'if-range': '"old-version"' });
      expect(reply.statusCode).toBe(200);
      expect(reply.rawPayload.length).toBe(bytes.length);
    });

    it('answers HEAD with the headers only', async () => {
      const reply = await fetch(url, {}, 'HEAD');
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-length']).toBe(String(bytes.length));
      expect(reply.rawPayload.length).toBe(0);
    });

    it('answers 404 for unknown waves and mismatched file names', async () => {
      const parts = url.split('/');
      const wrongFile = [...parts.slice(0, -1), `999_${parts[5]}.mp3`].join('/');
      for (const target of [
        url.replace(/\/[^/]+\/[^/]+$/, '/nosuchwave/1_nosuchwave.mp3'),
        wrongFile,
        '/media/audio/1/2/x/../../etc/passwd',
        '/media/audio/abc/1/wave/abc_wave.mp3',
      ]) {
        const reply = await fetch(target);
        expect(reply.statusCode, target).toBeGreaterThanOrEqual(400);
        expect(reply.statusCode, target).toBeLessThan(500);
      }
    });

    it('serves chat-group audio to members only, never for shared caches', async () => {
      const groupId = await insertChannel(t, 'audio-club', { chatgroup: true });
      const member = await createListener(t, 'club-member');
      const outsider = await createListener(t, 'club-outsider');
      await t.db.kysely
        .insertInto('channel_members')
        .values({ channel_id: groupId, user_id: member.userId, member_since: t.clock.now() })
        .execute();
      const wave = await publishWave(t, tone, {
        userId: member.userId,
        channelId: groupId,
        title: 'private',
      });
      const privateUrl = `/media/audio/${groupId}/${wave.created_epoch_day}/${wave.wave_name}/${groupId}_${wave.wave_name}.mp3`;
      expect((await fetch(privateUrl)).statusCode).toBe(404);
      expect((await fetch(privateUrl, outsider.auth)).statusCode).toBe(404);
      const allowed = await fetch(privateUrl, member.auth);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    });
  });
