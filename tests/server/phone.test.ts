import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneMessages } from '../../src/api/contract/constants.ts';
import { altchaProvider, type AltchaProvider } from '../../server/providers/captcha.ts';
import { twilioSmsProvider, type SmsOutboxMessage } from '../../server/providers/sms.ts';
import { phoneService, SMS_LIMITS, smsCaptchaLevel } from '../../server/services/phone-service.ts';
import { anonymousViewer } from '../../server/services/session-service.ts';
import { solveAtLevel, solveCaptcha } from '../helpers/captcha.ts';
import { createMember, type Member } from '../helpers/members.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

const NUMBER = '+14155552671';
/** US area codes in service, for numbers in different blocks. */
const AREAS = [
  '212',
  '213',
  '214',
  '215',
  '216',
  '217',
  '218',
  '219',
  '224',
  '225',
  '228',
  '229',
  '231',
  '234',
  '239',
];

function outbox(dataDir: string): SmsOutboxMessage[] {
  const dir = path.join(dataDir, 'sms-outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as SmsOutboxMessage);
}

/** The code in the newest SMS to a number. */
function lastCode(dataDir: string, to: string): string {
  const message = outbox(dataDir)
    .filter((sms) => sms.to === to)
    .at(-1);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

let ipCounter = 0;
/** Each test speaks from its own address unless it is about the per-IP limit. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describeEachDatabase('phone verification', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const requestCode = (
    member: Member | null,
    body: Record<string, unknown>,
    ip = freshIp(),
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verifyphonenumber',
      payload: body,
      remoteAddress: ip,
      headers: { ...(member ? member.auth : {}), ...headers },
    });
  const confirm = (
    member: Member | null,
    smscode: unknown,
    ip = freshIp(),
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/confirmsmscode',
      payload: { smscode },
      remoteAddress: ip,
      headers: { ...(member ? member.auth : {}), ...headers },
    });
  const me = async (member: Member) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: member.auth })).json()
      .data;

  it('sends a six-digit code by SMS and confirms the phone with it', async () => {
    const member = await createMember(t, 'phoneuser1');
    const sent = await requestCode(member, { phone_number: '(415) 555-2671', country: 'US' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      success: true,
      message: phoneMessages.codeSent,
      data: { phone_number: NUMBER, expires_at: t.clock.now() + 10 * 60 * 1000 },
    });
    const code = lastCode(t.dataDir, NUMBER);
    expect(code).toMatch(/^\d{6}$/);

    const confirmed = await confirm(member, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toEqual({ phone_number: NUMBER, phoneconfirmed: true });
    expect(await me(member)).toMatchObject({ phoneconfirmed: true, phone_number: NUMBER });
    // A used code does not work twice.
    expect((await confirm(member, code)).json().message).toBe(phoneMessages.noCode);
  });

  it('stores the code only as a keyed hash', async () => {
    const member = await createMember(t, 'hashcheck2');
    await requestCode(member, { phone_number: '+4915112345678' });
    const code = lastCode(t.dataDir, '+4915112345678');
    const row = await t.db.kysely
      .selectFrom('sms_codes')
      .selectAll()
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[a-f0-9]{64}$/);
    expect(row.code_hash).not.toContain(code);
  });

  it('writes the SMS in the user’s language', async () => {
    const member = await createMember(t, 'deutsch33', { language_code_ui: 'de' });
    await requestCode(member, { phone_number: '+4930123456' });
    const message = outbox(t.dataDir).findLast((sms) => sms.to === '+4930123456');
    expect(message?.body).toContain('Dein Code lautet');
  });

  it('lets a code expire after 10 minutes', async () => {
    const member = await createMember(t, 'expiry44');
    await requestCode(member, { phone_number: '+33612345678' });
    const code = lastCode(t.dataDir, '+33612345678');
    t.clock.advance(10 * 60 * 1000 + 1);
    const reply = await confirm(member, code);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().formFieldErrorMessages).toEqual({ smscode: phoneMessages.codeExpired });
    expect((await me(member)).phoneconfirmed).toBe(false);
  });

  it('allows at most five attempts per code, then not even the right code works', async () => {
    const member = await createMember(t, 'attempts55');
    await requestCode(member, { phone_number: '+12015550123' });
    const code = lastCode(t.dataDir, '+12015550123');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const reply = await confirm(member, wrong);
      expect(reply.json().message).toBe(phoneMessages.codeWrong);
    }
    const sixth = await confirm(member, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe(phoneMessages.tooManyAttempts);
    expect((await me(member)).phoneconfirmed).toBe(false);
  });

  it('replaces the open code when a new one is requested', async () => {
    const member = await createMember(t, 'replace66');
    await requestCode(member, { phone_number: '+447911123456' });
    const first = lastCode(t.dataDir, '+447911123456');
    t.clock.advance(1000);
    await requestCode(member, { phone_number: '+447911123456' });
    const second = lastCode(t.dataDir, '+447911123456');
    if (first !== second) {
      expect((await confirm(member, first)).json().message).toBe(phoneMessages.codeWrong);
    }
    expect((await confirm(member, second)).statusCode).toBe(200);
  });

  describe('the phone rules (docs/product/accounts.md, Phone verification)', () => {
    let member: Member;
    beforeAll(async () => {
      member = await createMember(t, 'rules77');
    });

    for (const [input, message] of [
      ['12345', phoneMessages.invalidPhone],
      ['5', phoneMessages.tooShort],
      ['9'.repeat(18), phoneMessages.tooLong],
      ['not a number', phoneMessages.invalidPhone],
      ['+1 900 200 0000', phoneMessages.invalidPhone],
      ['+1 800 200 0000', phoneMessages.invalidPhone],
      ['x'.repeat(251), phoneMessages.inputTooLong],
    ] as const) {
      it(`refuses ${JSON.stringify(input.slice(0, 20))} with “${message}”`, async () => {
        const before = outbox(t.dataDir).length;
        const reply = await requestCode(member, { phone_number: input, country: 'US' });
        expect(reply.statusCode).toBe(400);
        expect(reply.json().formFieldErrorMessages.phone_number).toBe(message);
        expect(outbox(t.dataDir).length).toBe(before);
      });
    }

    for (const code of ['12345', '1234567', 'abcdef', '12 345', '']) {
      it(`refuses the SMS code ${JSON.stringify(code)} as not six digits`, async () => {
        const reply = await confirm(member, code);
        expect(reply.statusCode).toBe(400);
        expect(reply.json().formFieldErrorMessages.smscode).toBe(phoneMessages.invalidSmsCode);
      });
    }

    it('validates numbers through GET /phone/validate', async () => {
      const good = await t.app.inject({
        method: 'GET',
        url: `/api/v1/phone/validate?phone=${encodeURIComponent('030 123456')}&country=DE`,
      });
      expect(good.json()).toMatchObject({
        success: true,
        data: { valid: true, e164: '+4930123456', country: 'DE' },
      });
      const bad = await t.app.inject({ method: 'GET', url: '/api/v1/phone/validate?phone=5' });
      expect(bad.json()).toMatchObject({
        success: false,
        message: phoneMessages.tooShort,
        data: { valid: false, problem: 'too_short' },
      });
    });
  });

  describe('rate limits against SMS pumping', () => {
    it('sends at most 3 codes per number and hour, whoever asks', async () => {
      const number = '+14155550199';
      const members = await Promise.all(
        ['pump1a', 'pump2b', 'pump3c', 'pump4d'].map((name) => createMember(t, `${name}11`)),
      );
      for (const member of members.slice(0, 3)) {
        expect((await requestCode(member, { phone_number: number })).statusCode).toBe(200);
      }
      const fourth = await requestCode(members[3]!, { phone_number: number });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.headers['retry-after']).toBeDefined();
      expect(outbox(t.dataDir).filter((sms) => sms.to === number)).toHaveLength(3);
      t.clock.advance(60 * 60 * 1000);
      expect((await requestCode(members[3]!, { phone_number: number })).statusCode).toBe(200);
    });

    it('sends at most 5 codes per guest address and hour; members there are counted per account', async () => {
      const ip = '192.0.2.77';
      const numbers = ['+14155550101', '+14155550122', '+14155550143', '+14155550164'];
      for (const number of [...numbers, '+14155550185']) {
        const captcha = await solveCaptcha(t.app, { purpose: 'sms', remoteAddress: ip });
        expect((await requestCode(null, { phone_number: number, captcha }, ip)).statusCode).toBe(
          200,
        );
      }
      const captcha = await solveCaptcha(t.app, { purpose: 'sms', remoteAddress: ip });
      const sixth = await requestCode(null, { phone_number: '+14155550106', captcha }, ip);
      expect(sixth.statusCode).toBe(429);
      const member = await createMember(t, 'iplimit88');
      expect((await requestCode(member, { phone_number: '+14155550107' }, ip)).statusCode).toBe(
        200,
      );
    });

    it('replays the drain: guests from one address range get 10 codes, members and other guests are still served', async () => {
      // Over HTTP with the real captcha, whose work doubles per level: SQLite only, the budget
      // rules themselves are tested on every database below with a cheaper captcha.
      if (dialect !== 'sqlite') return;
      t.clock.advance(60 * 60 * 1000);
      const sent = () => outbox(t.dataDir).length;
      const before = sent();
      // The drainer: a fresh number each time, at most 4 per address (under the per-address limit),
      // a captcha solved at the level the server asks for, until it is refused.
      const drain = async (i: number) => {
        // The level grows with the range's sends: 0,0,0,1,1,1,2,2,2,3 (2.8 s of work here).
        const ip = `127.0.0.${10 + Math.floor(i / 4)}`;
        const captcha = await solveCaptcha(t.app, { purpose: 'sms', remoteAddress: ip });
        // Numbers of different blocks: the drainer dodges the per-block limit too.
        const number = `+1${AREAS[i]}5550177`;
        return (await requestCode(null, { phone_number: number, captcha }, ip)).statusCode;
      };
      for (let i = 0; i < SMS_LIMITS.guestPerRangeHour; i++) expect(await drain(i)).toBe(200);
      // Refused before it has to solve anything: the range's hour is spent.
      const refused = await requestCode(null, { phone_number: '+12395550177' }, '127.0.0.200');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(sent() - before).toBe(SMS_LIMITS.guestPerRangeHour);

      const member = await createMember(t, 'honest77');
      const memberReply = await requestCode(member, { phone_number: '+14155550188' }, '10.77.0.1');
      expect(memberReply.statusCode).toBe(200);
      const guestIp = '10.78.0.1';
      const captcha = await solveCaptcha(t.app, { purpose: 'sms', remoteAddress: guestIp });
      const guestReply = await requestCode(
        null,
        { phone_number: '+14155550199', captcha },
        guestIp,
      );
      expect(guestReply.statusCode).toBe(200);
    }, 60_000);

    describe('with a captcha cheap enough to solve at every level', () => {
      const easy = { algorithm: 'PBKDF2/SHA-256', cost: 1, counterMin: 5, counterMax: 10 };
      let captcha: AltchaProvider;
      let phone: ReturnType<typeof phoneService>;
      let sent: string[];
      const guest = anonymousViewer(0);

      beforeAll(() => {
        captcha = altchaProvider(t.db, t.clock, new Uint8Array(32), easy);
        sent = [];
        phone = phoneService({
          config: t.config,
          db: t.db,
          clock: t.clock,
          secret: new Uint8Array(32),
          sms: { kind: 'outbox', send: async (message) => void sent.push(message.to) },
          captcha,
          rateLimiter: t.services.rateLimiter,
          limits: { guestBudgetHour: 12, memberBudgetHour: 2 },
        });
      });

      const askAsGuest = async (number: string, ip: string, level?: number) =>
        phone.requestCode(
          { ...guest, userId: t.services.anonymousUserId },
          {
            phone_number: number,
            captcha: await solveAtLevel(captcha, level ?? (await phone.guestCaptchaLevel(ip))),
          },
          ip,
        );

      it('asks guests for more work as their range sends and as the guest budget empties', async () => {
        t.clock.advance(60 * 60 * 1000);
        expect(await phone.guestCaptchaLevel('198.51.100.1')).toBe(0);
        await askAsGuest('+14155550301', '198.51.100.1');
        await askAsGuest('+14155550322', '198.51.100.2');
        await askAsGuest('+14155550343', '198.51.100.3');
        // Three codes from the range: one level; three of twelve budget codes: two levels.
        expect(await phone.guestCaptchaLevel('198.51.100.4')).toBe(1 + 2);
        // Another range pays only for the budget.
        expect(await phone.guestCaptchaLevel('203.0.113.1')).toBe(2);
        // A solution one level short of what is asked now still counts (the load may have
        // risen since it was fetched); two levels short do not.
        await expect(askAsGuest('+14155550364', '198.51.100.4', 1)).rejects.toMatchObject({
          kind: 'invalid',
          fields: { captcha: 'captcha verification failed, please try again' },
        });
        await askAsGuest('+14155550385', '198.51.100.4', 2);
        expect(smsCaptchaLevel(100, 100, 100)).toBe(8);
      });

      it('limits guests to 10 codes per address range (IPv4 /24, IPv6 /48)', async () => {
        t.clock.advance(60 * 60 * 1000);
        for (let i = 0; i < SMS_LIMITS.guestPerRangeHour; i++) {
          await askAsGuest(`+1${AREAS[i]}5550142`, `2001:db8:7::${i + 1}`);
        }
        await expect(askAsGuest('+12395550142', '2001:db8:7:ffff::1')).rejects.toMatchObject({
          kind: 'rate-limited',
        });
      });

      it('limits codes per block of 10,000 numbers', async () => {
        t.clock.advance(60 * 60 * 1000);
        for (let i = 0; i < SMS_LIMITS.guestPerBlockHour; i++) {
          await askAsGuest(`+1303555${1000 + i}`, `10.${90 + i}.0.1`);
        }
        await expect(askAsGuest('+13035551999', '10.99.0.1')).rejects.toMatchObject({
          kind: 'rate-limited',
        });
      });

      it('keeps the guest and the member budgets apart: a drained guest budget refuses no member', async () => {
        t.clock.advance(60 * 60 * 1000);
        sent.length = 0;
        for (let i = 0; i < 12; i++) {
          await askAsGuest(`+1${AREAS[i]}5550100`, `10.${100 + i}.0.1`);
        }
        await expect(askAsGuest('+12395550100', '10.120.0.1')).rejects.toMatchObject({
          kind: 'rate-limited',
        });
        const members = await Promise.all(
          ['budget1a', 'budget2b', 'budget3c'].map((name) => createMember(t, `${name}1`)),
        );
        const askAsMember = (index: number) =>
          phone.requestCode(
            {
              userId: members[index]!.userId,
              username: 'x',
              sessionId: 's',
              isAnonymous: false,
              isAdmin: false,
            },
            { phone_number: `+1${AREAS[12 + index]}5550100` },
            freshIp(),
          );
        await askAsMember(0);
        await askAsMember(1);
        // The member budget bounds the bill too.
        await expect(askAsMember(2)).rejects.toMatchObject({ kind: 'rate-limited' });
        expect(sent).toHaveLength(14);
      });
    });

    it('limits code guesses per account across codes', async () => {
      const member = await createMember(t, 'guesser10');
      for (let index = 0; index < 20; index++) await confirm(member, '123456');
      const reply = await confirm(member, '123456');
      expect(reply.statusCode).toBe(429);
    });
  });

  describe('anonymous visitors', () => {
    it('must solve a captcha', async () => {
      const reply = await requestCode(null, { phone_number: NUMBER });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().formFieldErrorMessages.captcha).toBe('captcha required');
      const forged = await requestCode(null, {
        phone_number: NUMBER,
        captcha: 'bm90IGEgY2FwdGNoYQ==',
      });
      expect(forged.statusCode).toBe(400);
      expect(Object.keys(forged.json().formFieldErrorMessages)).toEqual(['captcha']);
    });

    it('confirm the code in the same browser only, and store nothing on the shared account', async () => {
      const number = '+14155550177';
      const reply = await requestCode(null, {
        phone_number: number,
        captcha: await solveCaptcha(t.app),
      });
      expect(reply.statusCode).toBe(200);
      const cookie = reply.cookies.find((c) => c.name === 'waves_phone_verification');
      expect(cookie?.httpOnly).toBe(true);
      const code = lastCode(t.dataDir, number);

      const elsewhere = await confirm(null, code);
      expect(elsewhere.json().message).toBe(phoneMessages.noCode);
      const forged = await confirm(null, code, freshIp(), {
        cookie: `waves_phone_verification=${cookie!.value.split('.')[0]}.forged`,
      });
      expect(forged.json().message).toBe(phoneMessages.noCode);

      const here = await confirm(null, code, freshIp(), {
        cookie: `waves_phone_verification=${cookie!.value}`,
      });
      expect(here.statusCode).toBe(200);
      expect(here.json().data).toEqual({ phone_number: number, phoneconfirmed: true });
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/user/me' });
      expect(anonymous.json().data).toMatchObject({ phoneconfirmed: false, phone_number: null });
    });
  });
});

describe('the Twilio-compatible SMS provider', () => {
  it('posts To, From and Body with basic auth to the Messages API', async () => {
    const seen: { url?: string; auth?: string; body?: string } = {};
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        Object.assign(seen, { url: request.url, auth: request.headers.authorization, body });
        response.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const provider = twilioSmsProvider({
        apiUrl: `http://127.0.0.1:${port}`,
        accountSid: 'AC123',
        authToken: 'secret',
        from: '+15005550006',
      });
      await provider.send({ to: NUMBER, body: 'Waves: your code is 123456.' });
      expect(seen.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(seen.auth).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
      expect(Object.fromEntries(new URLSearchParams(seen.body))).toEqual({
        To: NUMBER,
        From: '+15005550006',
        Body: 'Waves: your code is 123456.',
      });
    } finally {
      server.close();
    }
  });

  it('reports a refusal of the gateway as a send error', async () => {
    const provider = twilioSmsProvider(
      { apiUrl: 'http://gateway.invalid', accountSid: 'AC1', authToken: 't', from: '+1' },
      async () => new Response('{"message":"invalid number"}', { status: 400 }),
    );
    await expect(provider.send({ to: NUMBER, body: 'x' })).rejects.toThrow(/answered 400/);
  });
});
