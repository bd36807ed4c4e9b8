import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaMessages } from '../../src/api/contract/captcha.ts';
import { newWaveReplySchema } from '../../src/api/contract/recording.ts';
import {
  TUS_ENDPOINT,
  UPLOAD_TOKEN_HEADER,
  recordingMessages,
} from '../../src/api/contract/recording-limits.ts';
import { NEWWAVE_PER_IP_LIMIT } from '../../server/services/recording/wave-creation.ts';
import { solveCaptcha } from '../helpers/captcha.ts';
import { newWave, uploadStatus } from '../helpers/recording.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import {
  channelIdOf,
  createListener,
  insertChannel,
  makeTone,
  publishWave,
  type Listener,
} from '../helpers/waves.ts';

describeEachDatabase('newwave', (dialect) => {
  let t: TestApp;
  let ada: Listener;
  let ben: Listener;
  let general: number;
  let allgemein: number;
  let club: number;
  let topWave: string;
  let replyWave: string;
  let ip = 0;
  /** Each test from its own address, so the per-address limit only bites where tested. */
  const fromNewAddress = () => ({ 'x-forwarded-for': `10.0.0.${++ip}` });

  const countWaves = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('waves')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { JOBS_IN_PROCESS: 'false', TRUST_PROXY: 'true' } });
    ada = await createListener(t, 'ada-lovelace');
    ben = await createListener(t, 'ben-franklin');
    general = await channelIdOf(t, 'general');
    allgemein = await channelIdOf(t, 'allgemein');
    club = await insertChannel(t, 'secret-club', { chatgroup: true });
    const tone = makeTone(t.dataDir);
    topWave = (await publishWave(t, tone, { userId: ada.userId, channelId: general })).wave_name;
    replyWave = (await publishWave(t, tone, { userId: ben.userId, inReplyToWaveName: topWave }))
      .wave_name;
  });
  afterAll(() => t.close());

  it('creates a wave waiting for its audio, with where and how to upload it', async () => {
    const { status, body } = await newWave(
      t,
      { language_code_ui: 'en', channel_id: general, title: 'Morning thoughts' },
      { ...ada.auth, ...fromNewAddress() },
    );
    expect(status).toBe(200);
    expect(newWaveReplySchema.parse(body).success).toBe(true);
    const data = body.data!;
    expect(data).toMatchObject({
      channel_id: general,
      upload_url: TUS_ENDPOINT,
      multipart_url: `/api/v1/uploadaudio/${data.wave_name}`,
      status: 'pending_upload',
    });
    expect(data.upload_token.length).toBeGreaterThanOrEqual(40);
    const row = await t.db.kysely
      .selectFrom('waves')
      .selectAll()
      .where('wave_name', '=', data.wave_name)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: ada.userId,
      channel_id: general,
      status: 'pending_upload',
      listed: 0,
      title: 'Morning thoughts',
      language_code_ui: 'en',
    });
    // The token is not stored anywhere.
    expect(JSON.stringify(row)).not.toContain(data.upload_token);
  });

  it('takes the channel’s language for the wave (lists are per language)', async () => {
    const { body } = await newWave(
      t,
      { language_code_ui: 'en', channel_id: allgemein },
      { ...ada.auth, ...fromNewAddress() },
    );
    const row = await t.db.kysely
      .selectFrom('waves')
      .select('language_code_ui')
      .where('wave_name', '=', body.data!.wave_name)
      .executeTakeFirstOrThrow();
    expect(row.language_code_ui).toBe('de');
  });

  it('returns the same wave and upload token for a retry with the same idempotency key', async () => {
    const body = {
      language_code_ui: 'en',
      channel_id: general,
      idempotency_key: '0d3c2b1a-9f8e-4d7c-b6a5-123456789abc',
    };
    const before = await countWaves();
    const first = await newWave(t, body, { ...ada.auth, ...fromNewAddress() });
    const again = await newWave(t, body, { ...ada.auth, ...fromNewAddress() });
    expect(again.body.data).toEqual(first.body.data);
    // Even when the retry says something else: the key names the recording.
    const changed = await newWave(
      t,
      { ...body, channel_id: allgemein },
      { ...ada.auth, ...fromNewAddress() },
    );
    expect(changed.body.data!.wave_name).toBe(first.body.data!.wave_name);
    expect(await countWaves()).toBe(before + 1);
    // Another caller's key is another wave.
    const other = await newWave(t, body, { ...ben.auth, ...fromNewAddress() });
    expect(other.body.data!.wave_name).not.toBe(first.body.data!.wave_name);
    expect(await countWaves()).toBe(before + 2);
  });

  it('answers concurrent retries of one key with one wave', async () => {
    const body = {
      language_code_ui: 'en',
      channel_id: general,
      idempotency_key: 'concurrent-key-0000000001',
    };
    const before = await countWaves();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => newWave(t, body, { ...ada.auth, ...fromNewAddress() })),
    );
    const names = new Set(replies.map((reply) => reply.body.data?.wave_name));
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    expect(names.size).toBe(1);
    expect(await countWaves()).toBe(before + 1);
  });

  it('posts a reply into its parent’s channel', async () => {
    const { status, body } = await newWave(
      t,
      { language_code_ui: 'en', in_reply_to_wave_wave_name: topWave },
      { ...ben.auth, ...fromNewAddress() },
    );
    expect(status).toBe(200);
    const row = await t.db.kysely
      .selectFrom('waves as w')
      .innerJoin('waves as p', 'p.id', 'w.in_reply_to_wave_id')
      .select(['w.channel_id', 'p.wave_name'])
      .where('w.wave_name', '=', body.data!.wave_name)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ channel_id: general, wave_name: topWave });
  });

  describe('refusals create nothing', () => {
    it('refuses a reply to a reply with CANNOT_REPLY_TO_REPLY', async () => {
      const before = await countWaves();
      const { status, body } = await newWave(
        t,
        { language_code_ui: 'en', in_reply_to_wave_wave_name: replyWave },
        { ...ada.auth, ...fromNewAddress() },
      );
      expect(status).toBe(400);
      expect(body.message).toBe(recordingMessages.cannotReplyToReply);
      expect(body.success).toBe(false);
      expect(await countWaves()).toBe(before);
    });

    it('refuses a reply to a wave that does not exist', async () => {
      const before = await countWaves();
      const { status, body } = await newWave(
        t,
        { language_code_ui: 'en', in_reply_to_wave_wave_name: 'nosuchwave00' },
        { ...ada.auth, ...fromNewAddress() },
      );
      expect(status).toBe(400);
      expect(body.formFieldErrorMessages).toEqual({
        in_reply_to_wave_wave_name: recordingMessages.replyTargetNotFound,
      });
      expect(await countWaves()).toBe(before);
    });

    it('refuses an unknown channel', async () => {
      const before = await countWaves();
      const { status, body } = await newWave(
        t,
        { language_code_ui: 'en', channel_id: 999_999 },
        { ...ada.auth, ...fromNewAddress() },
      );
      expect(status).toBe(400);
      expect(body.message).toBe(recordingMessages.channelNotFound);
      expect(body.formFieldErrorMessages).toEqual({
        channel_id: recordingMessages.channelNotFound,
      });
      expect(await countWaves()).toBe(before);
    });

    it('refuses a request without a channel or reply target', async () => {
      const before = await countWaves();
      const { status, body } = await newWave(
        t,
        { language_code_ui: 'en' },
        { ...ada.auth, ...fromNewAddress() },
      );
      expect(status).toBe(400);
      expect(body.formFieldErrorMessages).toEqual({
        channel_id: recordingMessages.missingChannel,
      });
      expect(await countWaves()).toBe(before);
    });

    it('refuses a language other than en and de', async () => {
      const { status, body } = await newWave(
        t,
        { language_code_ui: 'fr', channel_id: general },
        { ...ada.auth, ...fromNewAddress() },
      );
      expect(status).toBe(400);
      expect(body.formFieldErrorMessages['language_code_ui']).toBe(
        recordingMessages.languageInvalid,
      );
    });

    it('refuses a chat group to those who are not members, as if it did not exist', async () => {
      const before = await countWaves();
      const outsider = await newWave(
        t,
        { language_code_ui: 'en', channel_id: club },
        { ...ben.auth, ...fromNewAddress() },
      );
      expect(outsider.status).toBe(400);
      expect(outsider.body.formFieldErrorMessages).toEqual({
        channel_id: recordingMessages.channelNotFound,
      });
      const guest = await newWave(
        t,
        { language_code_ui: 'en', channel_id: club, captcha: await solveCaptcha(t.app) },
        fromNewAddress(),
      );
      expect(guest.status).toBe(400);
      expect(await countWaves()).toBe(before);

      await t.db.kysely
        .insertInto('channel_members')
        .values({ channel_id: club, user_id: ben.userId, member_since: t.clock.now() })
        .execute();
      const member = await newWave(
        t,
        { language_code_ui: 'en', channel_id: club },
        { ...ben.auth, ...fromNewAddress() },
      );
      expect(member.status).toBe(200);
    });
  });

  describe('anonymous callers', () => {
    it('need a captcha', async () => {
      const before = await countWaves();
      const { status, body } = await newWave(
        t,
        { language_code_ui: 'en', channel_id: general },
        fromNewAddress(),
      );
      expect(status).toBe(400);
      expect(body.message).toBe(recordingMessages.captchaRequired);
      expect(body.formFieldErrorMessages).toEqual({ captcha: recordingMessages.captchaRequired });
      expect(await countWaves()).toBe(before);
    });

    it('need a valid captcha', async () => {
      const before = await countWaves();
      const { status, body } = await newWave(
        t,
        { language_code_ui: 'en', channel_id: general, captcha: 'bm90IGEgc29sdXRpb24=' },
        fromNewAddress(),
      );
      expect(status).toBe(400);
      expect(body.formFieldErrorMessages).toEqual({ captcha: captchaMessages.failed });
      expect(await countWaves()).toBe(before);
    });

    it('create with a solved captcha, which works once; a retry of the same key still works', async () => {
      const captcha = await solveCaptcha(t.app);
      const body = {
        language_code_ui: 'en',
        channel_id: general,
        captcha,
        idempotency_key: 'guest-recording-0000001',
      };
      const first = await newWave(t, body, fromNewAddress());
      expect(first.status).toBe(200);
      const row = await t.db.kysely
        .selectFrom('waves')
        .select('user_id')
        .where('wave_name', '=', first.body.data!.wave_name)
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(t.services.anonymousUserId);

      const retry = await newWave(t, body, fromNewAddress());
      expect(retry.body.data).toEqual(first.body.data);

      const replay = await newWave(
        t,
        { ...body, idempotency_key: 'guest-recording-0000002' },
        fromNewAddress(),
      );
      expect(replay.status).toBe(400);
      expect(replay.body.formFieldErrorMessages).toEqual({ captcha: captchaMessages.failed });
    });
  });

  it('limits new waves per address, but not retries', async () => {
    const address = { 'x-forwarded-for': '192.0.2.77' };
    const body = (n: number) => ({
      language_code_ui: 'en',
      channel_id: general,
      idempotency_key: `limit-test-key-${String(n).padStart(6, '0')}`,
    });
    for (let n = 0; n < NEWWAVE_PER_IP_LIMIT; n++) {
      expect((await newWave(t, body(n), { ...ada.auth, ...address })).status).toBe(200);
    }
    expect((await newWave(t, body(9999), { ...ada.auth, ...address })).status).toBe(429);
    expect((await newWave(t, body(3), { ...ada.auth, ...address })).status).toBe(200);
  });

  describe('uploadstatus', () => {
    it('answers the holder of the upload token and the signed-in creator, nobody else', async () => {
      const { body } = await newWave(
        t,
        { language_code_ui: 'en', channel_id: general },
        { ...ada.auth, ...fromNewAddress() },
      );
      const wave = body.data!;
      const byToken = await uploadStatus(t, wave);
      expect(byToken.status).toBe(200);
      expect(byToken.body.data).toEqual({
        wave_name: wave.wave_name,
        status: 'pending_upload',
        audio_bytes: null,
        audio_sha256: null,
        failure_reason: null,
      });
      const byCreator = await t.app.inject({
        method: 'GET',
        url: `/api/v1/wave/uploadstatus/${wave.wave_name}`,
        headers: ada.auth,
      });
      expect(byCreator.statusCode).toBe(200);

      const wrongToken = await uploadStatus(t, wave, `${wave.upload_token.slice(0, -2)}xx`);
      expect(wrongToken.status).toBe(403);
      expect(wrongToken.body.message).toBe(recordingMessages.notYourWave);
      const someoneElse = await t.app.inject({
        method: 'GET',
        url: `/api/v1/wave/uploadstatus/${wave.wave_name}`,
        headers: { ...ben.auth, [UPLOAD_TOKEN_HEADER]: 'x'.repeat(43) },
      });
      expect(someoneElse.statusCode).toBe(403);
      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/v1/wave/uploadstatus/nosuchwave00',
        headers: { [UPLOAD_TOKEN_HEADER]: wave.upload_token },
      });
      expect(missing.statusCode).toBe(404);
    });

    it('does not let one guest read another guest’s wave (the account is shared)', async () => {
      const guest = await newWave(
        t,
        { language_code_ui: 'en', channel_id: general, captcha: await solveCaptcha(t.app) },
        fromNewAddress(),
      );
      const other = await newWave(
        t,
        { language_code_ui: 'en', channel_id: general, captcha: await solveCaptcha(t.app) },
        fromNewAddress(),
      );
      const wave = guest.body.data!;
      expect((await uploadStatus(t, wave)).status).toBe(200);
      expect((await uploadStatus(t, wave, other.body.data!.upload_token)).status).toBe(403);
      const noToken = await t.app.inject({
        method: 'GET',
        url: `/api/v1/wave/uploadstatus/${wave.wave_name}`,
      });
      expect(noToken.statusCode).toBe(403);
    });
  });
});
