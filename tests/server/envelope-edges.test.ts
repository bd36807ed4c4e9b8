import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../src/api/contract/envelope.ts';
import type { NewWaveData } from '../../src/api/contract/recording.ts';
import { UPLOAD_TOKEN_HEADER } from '../../src/api/contract/recording-limits.ts';
import { SESSION_COOKIE } from '../../server/http/auth-plugin.ts';
import { createMember, type Member } from '../helpers/members.ts';
import {
  filesUnder,
  multipartBody,
  newWave,
  TUS,
  tusCreate,
  tusPatch,
  uploadStatus,
} from '../helpers/recording.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import { channelIdOf, makeTone } from '../helpers/waves.ts';

/**
 * Bad input never gets a 5xx and always gets the envelope (docs/product/api.md "The
 * envelope"): Fastify's router refusals, broken multipart bodies, forms with too many parts,
 * and tus's protocol errors.
 */
const audioDir = mkdtempSync(path.join(tmpdir(), 'waves-envelope-'));
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

function expectEnvelope(
  reply: { statusCode: number; body: string },
  status: number,
  message?: string,
) {
  expect(reply.statusCode).toBe(status);
  const body = JSON.parse(reply.body) as Record<string, unknown>;
  expect(body).toMatchObject({ success: false, data: null, formFieldErrorMessages: {} });
  if (message !== undefined) expect(body['message']).toBe(message);
  return body;
}

/** A multipart body written by hand (so it can be broken on purpose). */
function form(
  parts: { name: string; filename?: string; value: string | Buffer }[],
  boundary = 'b0undary',
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename ? `; filename="${part.filename}"` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n` +
          (part.filename ? 'Content-Type: application/octet-stream\r\n' : '') +
          '\r\n',
      ),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

describeEachDatabase('the envelope everywhere', (dialect) => {
  let t: TestApp;
  let member: Member;
  let general: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { JOBS_IN_PROCESS: 'false' } });
    member = await createMember(t, 'edgecase1');
    general = await channelIdOf(t, 'general');
  });
  afterAll(() => t.close());

  const createWave = async () => {
    const reply = await newWave(t, { language_code_ui: 'en', channel_id: general }, member.auth);
    return reply.body.data as NewWaveData;
  };

  describe("Fastify's own refusals", () => {
    it('a path that is not valid percent-encoding: 400 in the envelope', async () => {
      for (const url of ['/api/v1/wave/logview/%E0%A4%A', '/media/x/%zz', '/api/v1/user/info/%']) {
        const reply = await t.app.inject({ method: 'POST', url });
        expectEnvelope(reply, 400, serverMessages.badAddress);
      }
    });

    it('a path parameter over 100 characters: 414 in the envelope', async () => {
      const reply = await t.app.inject({ url: `/api/v1/wave/metadata/${'a'.repeat(101)}` });
      expectEnvelope(reply, 414, serverMessages.addressTooLong);
    });

    it('an unparsable Origin or Referer on a cookie write: 403 in the envelope, no 500', async () => {
      for (const headers of [
        { origin: 'http://[::1' },
        { referer: '::garbage::' },
        { origin: '%' },
      ]) {
        const reply = await t.app.inject({
          method: 'POST',
          url: '/api/v1/wave/logview/abcdefgh',
          headers: { cookie: `${SESSION_COOKIE}=${member.token}`, ...headers },
        });
        expectEnvelope(reply, 403, serverMessages.forbidden);
      }
    });
  });

  describe('broken multipart bodies', () => {
    const bodies = {
      'no boundary': {
        contentType: 'multipart/form-data',
        payload: form([{ name: 'about', value: 'x' }]),
      },
      truncated: {
        contentType: 'multipart/form-data; boundary=b0undary',
        payload: form([{ name: 'avatar', filename: 'a.png', value: 'x'.repeat(500) }]).subarray(
          0,
          120,
        ),
      },
      'headers without end': {
        contentType: 'multipart/form-data; boundary=b0undary',
        payload: '--b0undary\r\nContent-Disposition: form-data; name="about"\r\n',
      },
      'another boundary': {
        contentType: 'multipart/form-data; boundary=other',
        payload: form([{ name: 'about', value: 'x' }]),
      },
    };

    for (const url of ['/api/v1/user/me', '/api/v1/user/avatarimage', '/api/v1/user/coverimage']) {
      it(`${url}: 400 "the form data could not be read", never a 500`, async () => {
        for (const [name, body] of Object.entries(bodies)) {
          const reply = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...member.auth, 'content-type': body.contentType },
            payload: body.payload,
          });
          expect([name, reply.statusCode, reply.json().message]).toEqual([
            name,
            400,
            serverMessages.formUnreadable,
          ]);
          expectEnvelope(reply, 400, serverMessages.formUnreadable);
        }
      });
    }

    it('/uploadaudio: a broken body is refused and the wave stays waiting for its audio', async () => {
      const wave = await createWave();
      for (const body of Object.values(bodies)) {
        const reply = await t.app.inject({
          method: 'POST',
          url: `/api/v1/uploadaudio/${wave.wave_name}`,
          headers: { ...member.auth, 'content-type': body.contentType },
          payload: body.payload,
        });
        expectEnvelope(reply, 400, serverMessages.formUnreadable);
      }
      expect((await uploadStatus(t, wave)).body.data.status).toBe('pending_upload');
    });
  });

  describe('forms with too many parts', () => {
    it('3 file parts or 40 fields say what is wrong, and the wave can still get its audio', async () => {
      const wave = await createWave();
      const tone = readFileSync(makeTone(audioDir, 'edge.mp3', 1));
      const post = (payload: Buffer) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/uploadaudio/${wave.wave_name}`,
          headers: {
            [UPLOAD_TOKEN_HEADER]: wave.upload_token,
            'content-type': 'multipart/form-data; boundary=b0undary',
          },
          payload,
        });
      const threeFiles = form(
        ['recording', 'recording', 'other'].map((name, i) => ({
          name,
          filename: `${i}.mp3`,
          value: tone,
        })),
      );
      expectEnvelope(await post(threeFiles), 400, serverMessages.tooManyFiles);
      const fortyFields = form(
        Array.from({ length: 40 }, (_, i) => ({ name: `field${i}`, value: 'x' })),
      );
      expectEnvelope(await post(fortyFields), 400, serverMessages.tooManyFields);
      expect((await uploadStatus(t, wave)).body.data.status).toBe('pending_upload');

      const proper = multipartBody('recording', 'edge.mp3', tone, 'audio/mpeg');
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/v1/uploadaudio/${wave.wave_name}`,
        headers: { [UPLOAD_TOKEN_HEADER]: wave.upload_token, 'content-type': proper.contentType },
        payload: proper.payload,
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().data.status).toBe('processing');
      // Nothing of the refused forms stayed behind.
      expect(filesUnder(t.services.uploadPaths.multipart)).toEqual([]);
    });

    it('a profile form with 40 fields is refused with the same words', async () => {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/me',
        headers: { ...member.auth, 'content-type': 'multipart/form-data; boundary=b0undary' },
        payload: form(Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'x' }))),
      });
      expectEnvelope(reply, 400, serverMessages.tooManyFields);
    });
  });

  describe('tus protocol errors keep their status and carry the envelope', () => {
    it('no Tus-Resumable header (412), a bad header (400), an unknown upload (404), a wrong offset (409)', async () => {
      const wave = await createWave();
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { 'upload-length': '10', [UPLOAD_TOKEN_HEADER]: wave.upload_token },
      });
      const body412 = expectEnvelope(missing, 412);
      expect(body412['message']).toMatch(/Tus-Resumable/);
      expect(missing.headers['tus-resumable']).toBe('1.0.0');

      const badHeader = await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { ...TUS, 'upload-length': 'ten', [UPLOAD_TOKEN_HEADER]: wave.upload_token },
      });
      expectEnvelope(badHeader, 400);

      const unknown = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/uploads/0123456789abcdef',
        headers: {
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: Buffer.from('x'),
      });
      expectEnvelope(unknown, 404);

      const created = await tusCreate(t, wave, 20);
      expect(created.statusCode).toBe(201);
      const location = String(created.headers['location']);
      const wrongOffset = await tusPatch(t, location, 5, Buffer.from('xxxxx'), wave.upload_token);
      expectEnvelope(wrongOffset, 409);
    });
  });
});
