import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateFfmpeg, requireFfmpeg } from '../../server/media/ffmpeg.ts';
import { diskMediaStorage } from '../../server/media/storage.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import { channelIdOf, createListener, makeTone } from '../helpers/waves.ts';

const work = mkdtempSync(path.join(tmpdir(), 'waves-media-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
async function readAll(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('disk media storage', () => {
  const root = path.join(work, 'media');
  const storage = diskMediaStorage(root);
  const data = Buffer.from('0123456789abcdefghij');

  it('writes a stream atomically and reports size and SHA-256', async () => {
    const stored = await storage.putStream('audio/1/2/w/1_w.mp3', Readable.from([data]));
    expect(stored).toMatchObject({ key: 'audio/1/2/w/1_w.mp3', size: 20, sha256: sha256(data) });
    expect(readFileSync(path.join(root, 'audio/1/2/w/1_w.mp3')).equals(data)).toBe(true);
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('leaves no file behind when the source stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.putStream('audio/9/9/x/9_x.mp3', failing)).rejects.toThrow(
      'connection lost',
    );
    expect(await storage.stat('audio/9/9/x/9_x.mp3')).toBeNull();
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('copies or moves a file in', async () => {
    const source = path.join(work, 'source.bin');
    writeFileSync(source, data);
    await storage.putFile('copies/a.bin', source);
    expect(existsSync(source)).toBe(true);
    const moved = await storage.putFile('copies/b.bin', source, { move: true });
    expect(existsSync(source)).toBe(false);
    expect(moved.sha256).toBe(sha256(data));
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
  });

  it('deletes a wave folder and refuses keys that escape the root', async () => {
    await storage.deletePrefix('audio/1/2/w/');
    expect(existsSync(path.join(root, 'audio/1/2/w'))).toBe(false);
    expect(existsSync(path.join(root, 'audio/1/2'))).toBe(true);
    await storage.delete('copies/a.bin');
    await storage.delete('copies/a.bin');
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a\\b', '']) {
      await expect(storage.putStream(key, Readable.from([data])), key).rejects.toThrow(
        /invalid media key/,
      );
    }
    await expect(storage.deletePrefix('')).rejects.toThrow(/invalid media key/);
    await expect(storage.deletePrefix('/')).rejects.toThrow(/invalid media key/);
  });
});

describe('ffmpeg', () => {
  it('finds the system ffmpeg and ffprobe', async () => {
    const ffmpeg = await requireFfmpeg();
    expect(ffmpeg.source).toBe('system');
    expect(ffmpeg.ffprobePath).toBe('ffprobe');
  });

  it('stops with a clear message when FFMPEG_PATH does not run', async () => {
    await expect(locateFfmpeg({ ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toThrow(
      /FFMPEG_PATH does not run/,
    );
  });

  it('transcodes any audio to mono mp3 and reads durations', async () => {
    const ffmpeg = await requireFfmpeg();
    const wav = makeTone(work, 'stereo.wav', 3);
    const mp3 = path.join(work, 'out.mp3');
    await ffmpeg.transcodeToMp3(wav, mp3);
    const probe = await ffmpeg.probe(mp3);
    expect(probe.audioCodec).toBe('mp3');
    expect(probe.durationSeconds).toBeGreaterThan(2.9);
    expect(probe.durationSeconds).toBeLessThan(3.2);
    expect(await ffmpeg.probeDurationSeconds(wav)).toBeCloseTo(3, 1);
    await expect(ffmpeg.probeDurationSeconds(path.join(work, 'source.txt'))).rejects.toThrow();
  });

  it('rejects what is not media with ffmpeg’s reason', async () => {
    const ffmpeg = await requireFfmpeg();
    const junk = path.join(work, 'junk.webm');
    writeFileSync(junk, 'not audio at all');
    await expect(ffmpeg.transcodeToMp3(junk, path.join(work, 'junk.mp3'))).rejects.toThrow(
      /ffmpeg exit code/,
    );
  });
});

describeEachDatabase('publishing a wave from a file', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('transcodes, stores at the spec path, records the file and publishes once', async () => {
    const author = await createListener(t, 'publisher');
    const channelId = await channelIdOf(t, 'general');
    const created = await t.services.wavePublisher.createWave({
      userId: author.userId,
      channelId,
      title: 'from a file',
    });
    expect(created.wave_name).toMatch(/^[a-z0-9]{12}$/);
    const wav = makeTone(work, 'publish.wav', 2);
    const published = await t.services.wavePublisher.publishFromFile(created.id, wav);
    expect(published.key).toBe(
      `audio/${channelId}/${created.created_epoch_day}/${created.wave_name}/${channelId}_${created.wave_name}.mp3`,
    );
    const file = path.join(t.dataDir, 'media', published.key);
    const stored = readFileSync(file);
    expect(published).toMatchObject({
      duration: 2,
      audio_bytes: stored.length,
      audio_sha256: sha256(stored),
      newly_published: true,
    });
    expect(existsSync(wav)).toBe(true);
    const row = await t.db.kysely
      .selectFrom('waves')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'published',
      listed: 1,
      duration: 2,
      published_at: t.clock.now(),
      team_id: author.homeTeamId,
      language_code_ui: 'en',
    });
    const channel = await t.db.kysely
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow();
    expect(channel).toMatchObject({ wave_count: 1, latest_wave_created: row.created_at });

    const again = await t.services.wavePublisher.publishFromFile(created.id, wav);
    expect(again.newly_published).toBe(false);
    const after = await t.db.kysely
      .selectFrom('channels')
      .select('wave_count')
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow();
    expect(after.wave_count).toBe(1);
  });

  it('stores a transcoded file as it is, with the duration its transcode measured', async () => {
    const author = await createListener(t, 'measured');
    const created = await t.services.wavePublisher.createWave({
      userId: author.userId,
      channelId: await channelIdOf(t, 'general'),
    });
    const mp3 = makeTone(work, 'measured.mp3', 2);
    const bytes = readFileSync(mp3);
    // 6.6 s is not what the file holds (2 s): only the caller's measurement can say it.
    const published = await t.services.wavePublisher.publishFromFile(created.id, mp3, {
      move: true,
      durationSeconds: 6.6,
    });
    expect(published).toMatchObject({ duration: 7, audio_sha256: sha256(bytes) });
    expect(existsSync(mp3)).toBe(false);
  });

  it('returns the same wave for a retried creation with the same idempotency key', async () => {
    const author = await createListener(t, 'retrier');
    const input = {
      userId: author.userId,
      channelId: await channelIdOf(t, 'general'),
      idempotencyKey: 'key-1',
    };
    const first = await t.services.wavePublisher.createWave(input);
    const second = await t.services.wavePublisher.createWave(input);
    expect(second.id).toBe(first.id);
  });

  it('refuses a reply to a reply', async () => {
    const author = await createListener(t, 'replier');
    const channelId = await channelIdOf(t, 'general');
    const tone = makeTone(work, 'reply.mp3');
    const head = await t.services.wavePublisher.createWave({ userId: author.userId, channelId });
    await t.services.wavePublisher.publishFromFile(head.id, tone);
    const reply = await t.services.wavePublisher.createWave({
      userId: author.userId,
      inReplyToWaveName: head.wave_name,
    });
    await t.services.wavePublisher.publishFromFile(reply.id, tone);
    await expect(
      t.services.wavePublisher.createWave({
        userId: author.userId,
        inReplyToWaveName: reply.wave_name,
      }),
    ).rejects.toThrow('CANNOT_REPLY_TO_REPLY');
  });
});
