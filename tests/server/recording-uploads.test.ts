import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewWaveData } from '../../src/api/contract/recording.ts';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_TOKEN_HEADER,
  recordingMessages,
} from '../../src/api/contract/recording-limits.ts';
import { audioKey } from '../../server/media/media-keys.ts';
import { solveCaptcha } from '../helpers/captcha.ts';
import {
  TUS,
  filesUnder,
  longWav,
  multipartBody,
  newWave,
  pngNamedMp3,
  processJobs,
  sha256,
  speechWebm,
  toneFile,
  truncated,
  tusCreate,
  tusHead,
  tusPatch,
  tusUpload,
  scratchFiles,
  uploadStatus,
  wrongMagic,
} from '../helpers/recording.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import { channelIdOf, createListener, type Listener } from '../helpers/waves.ts';

const audioDir = mkdtempSync(path.join(tmpdir(), 'waves-recording-'));
const audio = {} as Record<
  | 'speech'
  | 'mp3'
  | 'm4a'
  | 'png'
  | 'cutM4a'
  | 'cutMp3'
  | 'noMagic'
  | 'text'
  | 'tooLong'
  | 'elevenMinutes',
  string
>;

beforeAll(() => {
  audio.speech = speechWebm(audioDir, 6);
  audio.mp3 = toneFile(audioDir, 'tone.mp3', 30, ['-c:a', 'libmp3lame', '-b:a', '48k']);
  audio.m4a = toneFile(audioDir, 'tone.m4a', 20, ['-c:a', 'aac']);
  audio.png = pngNamedMp3(audioDir);
  audio.cutM4a = truncated(audio.m4a);
  audio.cutMp3 = truncated(audio.mp3);
  audio.noMagic = wrongMagic(audio.speech);
  audio.text = path.join(audioDir, 'notes.webm');
  writeFileSync(audio.text, 'not audio at all\n'.repeat(100));
  audio.tooLong = longWav(audioDir, 70 * 60 + 30);
  audio.elevenMinutes = speechWebm(audioDir, 11 * 60);
}, 240_000);
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

describeEachDatabase('uploads', (dialect) => {
  let t: TestApp;
  let ada: Listener;
  let ben: Listener;
  let general: number;
  let seq = 0;

  const create = async (who: Listener | 'guest' = ada, body: Record<string, unknown> = {}) => {
    const headers = {
      'x-forwarded-for': `10.1.${Math.floor(seq / 200)}.${seq++ % 200}`,
      ...(who === 'guest' ? {} : who.auth),
    };
    const captcha = who === 'guest' ? { captcha: await solveCaptcha(t.app) } : {};
    const reply = await newWave(
      t,
      { language_code_ui: 'en', channel_id: general, ...captcha, ...body },
      headers,
    );
    expect(reply.status).toBe(200);
    return reply.body.data!;
  };
  const waveRow = (wave: NewWaveData) =>
    t.db.kysely
      .selectFrom('waves')
      .selectAll()
      .where('wave_name', '=', wave.wave_name)
      .executeTakeFirstOrThrow();
  const jobsOf = (wave: NewWaveData) =>
    waveRow(wave).then((row) =>
      t.db.kysely
        .selectFrom('jobs')
        .selectAll()
        .where('dedupe_key', '=', `transcode:${row.id}`)
        .execute(),
    );
  /** Local files of uploads, and the parts and received files in the (disk) media storage. */
  const uploadsLeft = () => [
    ...scratchFiles(t.dataDir),
    ...filesUnder(path.join(t.dataDir, 'media', 'uploads')),
  ];
  /** Files that appeared since `before`. */
  const newFilesSince = (before: string[]) =>
    uploadsLeft().filter((file) => !before.includes(file));
  const mediaOf = (wave: NewWaveData) =>
    filesUnder(path.join(t.dataDir, 'media')).filter(
      (file) => file.includes(wave.wave_name) && !file.startsWith(`uploads${path.sep}`),
    );
  /**
   * Nothing of a refused upload remains but the failed wave that says why: no file beyond
   * those that were there before (other tests' unfinished uploads), no media, no job.
   */
  const expectRefusedAndGone = async (wave: NewWaveData, reason: string, before: string[]) => {
    const row = await waveRow(wave);
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toBe(reason);
    expect(row.listed).toBe(0);
    expect(uploadsLeft()).toEqual(before);
    expect(mediaOf(wave)).toEqual([]);
    expect(await jobsOf(wave)).toEqual([]);
    const status = await uploadStatus(t, wave);
    expect(status.body.data).toMatchObject({ status: 'failed', failure_reason: reason });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { JOBS_IN_PROCESS: 'false', TRUST_PROXY: 'true' } });
    ada = await createListener(t, 'ada-lovelace');
    ben = await createListener(t, 'ben-franklin');
    general = await channelIdOf(t, 'general');
  });
  afterAll(() => t.close());

  describe('tus', () => {
    it('receives a recording, confirms its size and SHA-256 at once, then publishes it', async () => {
      const wave = await create(ada, { title: 'On the go' });
      const before = uploadsLeft();
      const bytes = readFileSync(audio.speech);
      const { created, patched, location } = await tusUpload(t, wave, bytes);
      expect(created.statusCode).toBe(201);
      expect(location).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]+$/);
      expect(patched?.statusCode).toBe(204);
      expect(patched?.headers['upload-offset']).toBe(String(bytes.length));

      // Recorded when the upload completed, before any transcoding.
      expect((await uploadStatus(t, wave)).body.data).toEqual({
        wave_name: wave.wave_name,
        status: 'processing',
        audio_bytes: bytes.length,
        audio_sha256: sha256(bytes),
        failure_reason: null,
      });
      expect(uploadsLeft().filter((file) => file.startsWith('received/'))).toHaveLength(1);

      const after = await processJobs(t, wave);
      expect(after).toMatchObject({
        status: 'published',
        audio_bytes: bytes.length,
        audio_sha256: sha256(bytes),
      });
      const row = await waveRow(wave);
      expect(row).toMatchObject({ status: 'published', listed: 1, title: 'On the go' });
      expect(row.duration).toBeGreaterThanOrEqual(5);
      expect(row.duration).toBeLessThanOrEqual(7);
      expect(row.published_at).not.toBeNull();
      const key = audioKey(row);
      expect(mediaOf(wave)).toEqual([key.replace(/\//g, path.sep)]);
      const stored = await t.services.media.stat(key);
      expect(stored?.size).toBeGreaterThan(10_000);
      // The upload's files are gone; its record still answers "complete" for a late HEAD.
      expect(newFilesSince(before)).toEqual([]);
      const head = await tusHead(t, location!, wave.upload_token);
      expect(head.statusCode).toBe(200);
      expect(head.headers['upload-offset']).toBe(String(bytes.length));
      expect(head.headers['upload-length']).toBe(String(bytes.length));

      // The wave is in its channel's list and plays.
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/wave/wavelistpublicbychannelname/general',
      });
      expect(list.json().data.map((w: { wave_name: string }) => w.wave_name)).toContain(
        wave.wave_name,
      );
      const mp3 = await t.app.inject({
        method: 'GET',
        url: `/media/${key}`,
        headers: { range: 'bytes=0-3' },
      });
      expect(mp3.statusCode).toBe(206);
    });

    it('resumes from the offset the server reports', async () => {
      const wave = await create();
      const bytes = readFileSync(audio.speech);
      const half = Math.floor(bytes.length / 2);
      const created = await tusCreate(t, wave, bytes.length, { sha256: sha256(bytes) });
      const location = String(created.headers['location']);
      expect(
        (await tusPatch(t, location, 0, bytes.subarray(0, half), wave.upload_token)).statusCode,
      ).toBe(204);
      const head = await tusHead(t, location, wave.upload_token);
      expect(head.headers['upload-offset']).toBe(String(half));
      expect((await uploadStatus(t, wave)).body.data.status).toBe('pending_upload');
      const rest = await tusPatch(t, location, half, bytes.subarray(half), wave.upload_token);
      expect(rest.statusCode).toBe(204);
      expect((await processJobs(t, wave)).status).toBe('published');
    });

    it('answers an offset mismatch with 409 and keeps the bytes it has', async () => {
      const wave = await create();
      const bytes = readFileSync(audio.speech);
      const created = await tusCreate(t, wave, bytes.length);
      const location = String(created.headers['location']);
      await tusPatch(t, location, 0, bytes.subarray(0, 1000), wave.upload_token);
      const conflict = await tusPatch(t, location, 500, bytes.subarray(500), wave.upload_token);
      expect(conflict.statusCode).toBe(409);
      const ahead = await tusPatch(t, location, 2000, bytes.subarray(2000), wave.upload_token);
      expect(ahead.statusCode).toBe(409);
      expect((await tusHead(t, location, wave.upload_token)).headers['upload-offset']).toBe('1000');
    });

    it('refuses someone else’s wave: creation, HEAD and PATCH need the wave’s token', async () => {
      const wave = await create(ada);
      const other = await create(ben);
      const bytes = readFileSync(audio.speech);
      const forged = await tusCreate(
        t,
        { ...wave, upload_token: other.upload_token },
        bytes.length,
      );
      expect(forged.statusCode).toBe(403);
      expect(JSON.parse(forged.body).message).toBe(recordingMessages.notYourWave);
      const none = await tusCreate(t, { wave_name: wave.wave_name }, bytes.length);
      expect(none.statusCode).toBe(403);
      // Ben, signed in, is still not the creator.
      const signedIn = await tusCreate(t, { wave_name: wave.wave_name }, bytes.length, {
        headers: ben.auth,
      });
      expect(signedIn.statusCode).toBe(403);

      const created = await tusCreate(t, wave, bytes.length);
      const location = String(created.headers['location']);
      expect((await tusHead(t, location, other.upload_token)).statusCode).toBe(403);
      const stolen = await tusPatch(t, location, 0, bytes, other.upload_token);
      expect(stolen.statusCode).toBe(403);
      expect((await tusHead(t, location, wave.upload_token)).headers['upload-offset']).toBe('0');
      expect((await waveRow(wave)).status).toBe('pending_upload');

      // Its signed-in creator needs no token.
      const own = await tusCreate(t, { wave_name: wave.wave_name }, bytes.length, {
        headers: ada.auth,
      });
      expect(own.statusCode).toBe(201);
    });

    it('refuses a wave that does not exist and creation without a wave', async () => {
      const missing = await tusCreate(t, { wave_name: 'nosuchwave00', upload_token: 'x' }, 10);
      expect(missing.statusCode).toBe(404);
      const bare = await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { ...TUS, 'upload-length': '10' },
      });
      expect(bare.statusCode).toBe(400);
      // tus writes these envelopes itself; each names its own request (the route tells tus).
      for (const refused of [missing, bare]) {
        expect(JSON.parse(refused.body).requestId).toBe(refused.headers['x-request-id']);
      }
      expect(missing.headers['x-request-id']).not.toBe(bare.headers['x-request-id']);
      const deferred = await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { ...TUS, 'upload-defer-length': '1' },
      });
      expect(deferred.statusCode).toBe(400);
    });

    it('refuses more than 100 MB by the declared length, without reading a byte', async () => {
      const wave = await create();
      const before = uploadsLeft();
      const reply = await tusCreate(t, wave, MAX_UPLOAD_BYTES + 1);
      expect(reply.statusCode).toBe(413);
      expect(JSON.parse(reply.body).message).toBe(recordingMessages.tooLarge);
      await expectRefusedAndGone(wave, recordingMessages.tooLarge, before);
      // Exactly 100 MB is allowed.
      const fine = await create();
      expect((await tusCreate(t, fine, MAX_UPLOAD_BYTES)).statusCode).toBe(201);
    });

    it('never writes past the declared length', async () => {
      const wave = await create();
      const created = await tusCreate(t, wave, 100);
      const location = String(created.headers['location']);
      const reply = await tusPatch(t, location, 0, Buffer.alloc(5000, 1), wave.upload_token);
      expect(reply.statusCode).toBe(413);
      expect((await tusHead(t, location, wave.upload_token)).headers['upload-offset']).toBe('0');
    });

    it('refuses an empty file with the spec’s message', async () => {
      const wave = await create();
      const before = uploadsLeft();
      const reply = await tusCreate(t, wave, 0);
      expect(reply.statusCode).toBe(400);
      expect(JSON.parse(reply.body).message).toBe(recordingMessages.emptyFile);
      await expectRefusedAndGone(wave, recordingMessages.emptyFile, before);
    });

    const refusedAtCompletion: [string, () => string, number, string][] = [
      ['a PNG renamed .mp3', () => audio.png, 415, recordingMessages.notAudio],
      ['a recording with wrong magic bytes', () => audio.noMagic, 415, recordingMessages.notAudio],
      ['a text file named .webm', () => audio.text, 415, recordingMessages.notAudio],
      ['a truncated m4a', () => audio.cutM4a, 422, recordingMessages.truncated],
      ['a file over 70 minutes', () => audio.tooLong, 422, recordingMessages.tooLong],
    ];
    for (const [what, file, status, message] of refusedAtCompletion) {
      it(`refuses ${what} when the upload completes`, async () => {
        const wave = await create();
        const before = uploadsLeft();
        const { patched } = await tusUpload(t, wave, readFileSync(file()));
        expect(patched?.statusCode).toBe(status);
        expect(JSON.parse(patched?.body ?? '{}').message).toBe(message);
        await expectRefusedAndGone(wave, message, before);
      }, 60_000);
    }

    it('refuses a file whose audio is shorter than its header says (cut short)', async () => {
      const wave = await create();
      const before = uploadsLeft();
      const { patched } = await tusUpload(t, wave, readFileSync(audio.cutMp3));
      expect(patched?.statusCode).toBe(204);
      const after = await processJobs(t, wave);
      expect(after).toMatchObject({
        status: 'failed',
        failure_reason: recordingMessages.truncated,
      });
      expect(newFilesSince(before)).toEqual([]);
      expect(mediaOf(wave)).toEqual([]);
    });

    it('publishes what a browser recording cut short holds (a recovered recording)', async () => {
      // A streamed WebM has no index to contradict: its first chunks are a valid recording.
      const wave = await create();
      const cut = truncated(audio.speech, 0.7);
      const { patched } = await tusUpload(t, wave, readFileSync(cut));
      expect(patched?.statusCode).toBe(204);
      expect((await processJobs(t, wave)).status).toBe('published');
      const row = await waveRow(wave);
      expect(row.duration).toBeGreaterThanOrEqual(3);
      expect(row.duration).toBeLessThanOrEqual(5);
    });

    it('takes an mp3 and an m4a upload as well', async () => {
      for (const file of [audio.mp3, audio.m4a]) {
        const wave = await create();
        const { patched } = await tusUpload(t, wave, readFileSync(file));
        expect(patched?.statusCode).toBe(204);
        expect((await processJobs(t, wave)).status).toBe('published');
      }
    }, 60_000);

    it('refuses more than 10 minutes from a guest, by the header or by decoding', async () => {
      const declared = await create('guest');
      const before = uploadsLeft();
      const wav = await tusUpload(t, declared, readFileSync(longWav(audioDir, 11 * 60)));
      expect(wav.patched?.statusCode).toBe(422);
      expect(JSON.parse(wav.patched?.body ?? '{}').message).toBe(
        recordingMessages.tooLongAnonymous,
      );
      await expectRefusedAndGone(declared, recordingMessages.tooLongAnonymous, before);
      if (dialect !== 'sqlite') return; // decoding is the same on every database

      // A browser recording declares no duration: found out by transcoding (and no further).
      const streamed = await create('guest');
      const beforeStreamed = uploadsLeft();
      const webm = await tusUpload(t, streamed, readFileSync(audio.elevenMinutes));
      expect(webm.patched?.statusCode).toBe(204);
      const after = await processJobs(t, streamed);
      expect(after).toMatchObject({
        status: 'failed',
        failure_reason: recordingMessages.tooLongAnonymous,
      });
      expect(newFilesSince(beforeStreamed)).toEqual([]);
    }, 240_000);

    it('publishes a completion handled twice once', async () => {
      const wave = await create();
      const before = uploadsLeft();
      const bytes = readFileSync(audio.speech);
      const countBefore = await channelWaveCount();
      await tusUpload(t, wave, bytes);
      // The same audio again through a second upload (an uploader that lost its upload URL).
      const again = await tusUpload(t, wave, bytes);
      expect(again.created.statusCode).toBe(201);
      expect(again.patched?.statusCode).toBe(204);
      expect(await jobsOf(wave)).toHaveLength(1);
      expect((await processJobs(t, wave)).status).toBe('published');
      // And once more after publication: still accepted, still nothing new.
      const late = await tusUpload(t, wave, bytes);
      expect(late.patched?.statusCode).toBe(204);
      await t.services.jobs.runDue();
      expect(await jobsOf(wave)).toHaveLength(1);
      expect(await channelWaveCount()).toBe(countBefore + 1);
      // Different audio for a wave that has its audio is refused.
      const other = readFileSync(audio.mp3);
      const refused = await tusCreate(t, wave, other.length, { sha256: sha256(other) });
      expect(refused.statusCode).toBe(400);
      expect(JSON.parse(refused.body).message).toBe(recordingMessages.alreadyUploaded);
      expect((await waveRow(wave)).status).toBe('published');
      expect(newFilesSince(before)).toEqual([]);
    });

    it('shows a reply in its thread once published', async () => {
      const parent = await create(ada);
      await tusUpload(t, parent, readFileSync(audio.speech));
      await processJobs(t, parent);
      const reply = await create(ben, { in_reply_to_wave_wave_name: parent.wave_name });
      await tusUpload(t, reply, readFileSync(audio.speech));
      expect((await processJobs(t, reply)).status).toBe('published');
      const thread = await t.app.inject({
        method: 'GET',
        url: `/api/v1/wave/thread/${parent.wave_name}`,
      });
      expect(thread.json().data.replies.map((w: { wave_name: string }) => w.wave_name)).toEqual([
        reply.wave_name,
      ]);
      const parentRow = await waveRow(parent);
      expect(parentRow.reply_count).toBe(1);
    });

    async function channelWaveCount() {
      const row = await t.db.kysely
        .selectFrom('channels')
        .select('wave_count')
        .where('id', '=', general)
        .executeTakeFirstOrThrow();
      return row.wave_count;
    }
  });

  describe('multipart /uploadaudio', () => {
    const post = (
      wave: NewWaveData,
      body: { payload: Buffer | Readable; contentType: string },
      headers: Record<string, string> = { [UPLOAD_TOKEN_HEADER]: wave.upload_token },
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/uploadaudio/${wave.wave_name}`,
        headers: { 'content-type': body.contentType, ...headers },
        payload: body.payload,
      });

    it('receives the field `recording` and publishes it', async () => {
      const wave = await create();
      const before = uploadsLeft();
      const bytes = readFileSync(audio.speech);
      const reply = await post(wave, multipartBody('recording', 'rec.webm', bytes, 'audio/webm'));
      expect(reply.statusCode).toBe(200);
      expect(reply.json().data).toEqual({
        wave_name: wave.wave_name,
        status: 'processing',
        audio_bytes: bytes.length,
        audio_sha256: sha256(bytes),
        failure_reason: null,
      });
      expect((await processJobs(t, wave)).status).toBe('published');
      expect(newFilesSince(before)).toEqual([]);
    });

    it('accepts the signed-in creator without the token, nobody else', async () => {
      const wave = await create(ada);
      const body = multipartBody('recording', 'rec.webm', readFileSync(audio.speech), 'audio/webm');
      expect((await post(wave, body, ben.auth)).statusCode).toBe(403);
      expect((await post(wave, body, {})).statusCode).toBe(403);
      expect((await waveRow(wave)).status).toBe('pending_upload');
      expect((await post(wave, body, ada.auth)).statusCode).toBe(200);
      expect((await processJobs(t, wave)).status).toBe('published');
    });

    it('refuses a PNG renamed .mp3 and leaves nothing behind', async () => {
      const wave = await create();
      const before = uploadsLeft();
      const reply = await post(
        wave,
        multipartBody('recording', 'song.mp3', readFileSync(audio.png), 'audio/mpeg'),
      );
      expect(reply.statusCode).toBe(415);
      expect(reply.json().formFieldErrorMessages).toEqual({
        recording: recordingMessages.notAudio,
      });
      await expectRefusedAndGone(wave, recordingMessages.notAudio, before);
    });

    it('refuses an empty file', async () => {
      const wave = await create();
      const before = uploadsLeft();
      const reply = await post(
        wave,
        multipartBody('recording', 'rec.webm', Buffer.alloc(0), 'audio/webm'),
      );
      expect(reply.statusCode).toBe(400);
      await expectRefusedAndGone(wave, recordingMessages.emptyFile, before);
    });

    it('refuses a body announced over 100 MB before reading it', async () => {
      const wave = await create();
      const before = uploadsLeft();
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/v1/uploadaudio/${wave.wave_name}`,
        headers: {
          'content-type': 'multipart/form-data; boundary=xyz',
          'content-length': String(MAX_UPLOAD_BYTES + 200_000),
          [UPLOAD_TOKEN_HEADER]: wave.upload_token,
        },
        payload: Readable.from([Buffer.from('--xyz\r\n')]),
      });
      expect(reply.statusCode).toBe(413);
      await expectRefusedAndGone(wave, recordingMessages.tooLarge, before);
    });

    it('stops a stream that grows past 100 MB and keeps none of it', async () => {
      const wave = await create();
      const before = uploadsLeft();
      const { head, tail, contentType } = multipartBody(
        'recording',
        'big.webm',
        Buffer.alloc(0),
        'audio/webm',
      );
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const total = Math.ceil(MAX_UPLOAD_BYTES / chunk.length) + 2;
      async function* body() {
        yield head;
        for (let i = 0; i < total; i++) yield chunk;
        yield tail;
      }
      const reply = await post(wave, { payload: Readable.from(body()), contentType });
      expect(reply.statusCode).toBe(413);
      expect(reply.json().message).toBe(recordingMessages.tooLarge);
      await expectRefusedAndGone(wave, recordingMessages.tooLarge, before);
    }, 60_000);
  });

  it('keeps no stray files beside the parts of unfinished tus uploads', () => {
    expect(uploadsLeft().filter((file) => !file.startsWith(`parts${path.sep}`))).toEqual([]);
  });
});
