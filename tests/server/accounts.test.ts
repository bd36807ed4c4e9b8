import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { GUEST_EMAIL } from '../../src/api/contract/constants.ts';
import { usersRepository } from '../../server/db/repositories/users-repository.ts';
import { SESSION_COOKIE } from '../../server/http/auth-plugin.ts';
import { HOUR, MINUTE } from '../../server/services/rate-limiter.ts';
import { solveCaptcha } from '../helpers/captcha.ts';
import { lastMailTo, linkParam, readOutbox } from '../helpers/outbox.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

let ipCounter = 0;
/** A fresh client address, so the per-IP limits of one test do not touch the next. */
const freshIp = () => `10.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}.1`;

describeEachDatabase('accounts', (dialect) => {
  let t: TestApp;
  let userCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    // Each test starts at the beginning of an hour: fixed windows do not roll over mid-test.
    t.clock.set(Math.ceil((t.clock.now() + 1) / HOUR) * HOUR);
  });

  const post = (url: string, payload: object, ip = freshIp(), headers = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip, headers });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  function newPerson(language: 'en' | 'de' = 'en') {
    userCounter++;
    return {
      username: `Tester-${dialect}-${userCounter}`,
      email: `Tester${userCounter}.${dialect}@Example.com`,
      password: 'correct horse battery',
      usercountrycode: 'DE',
      userregionname: 'Berlin',
      language_code_ui: language,
    };
  }

  async function signUp(person = newPerson(), ip = freshIp()) {
    const reply = await post('/auth/signup', { ...person, captcha: await solveCaptcha(t.app) }, ip);
    return { person, reply };
  }

  /** A signed-up, confirmed user and a session token. */
  async function signedInUser() {
    const { person } = await signUp();
    const mail = lastMailTo(t.dataDir, person.email.toLowerCase())!;
    await post('/auth/confirmemail', { token: linkParam(mail, 'confirm') });
    const reply = await post('/auth/signin', { email: person.email, password: person.password });
    expect(reply.statusCode).toBe(200);
    return { person, token: reply.json().data.json_web_token as string, reply };
  }

  it('sign-up → e-mail in the outbox → confirm → sign-in → /user/me → sign-out → old token rejected', async () => {
    const person = newPerson();
    const { reply } = await signUp(person);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ success: true, data: null });

    const email = person.email.toLowerCase();
    const mail = lastMailTo(t.dataDir, email);
    expect(mail?.subject).toBe('Confirm your e-mail address for Waves');
    expect(mail!.links[0]).toMatch(/^http:\/\/localhost:8080\/signin\?confirm=[\w-]{43}$/);
    // The confirmation link must not use ?token= (that query opens the password-reset screen).
    expect(new URL(mail!.links[0]!).searchParams.has('token')).toBe(false);

    const confirm = await post('/auth/confirmemail', { token: linkParam(mail!, 'confirm') });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ success: true, data: { username: person.username } });
    // Opening the link again (a reload) still answers success.
    const again = await post('/auth/confirmemail', { token: linkParam(mail!, 'confirm') });
    expect(again.json().success).toBe(true);

    const signIn = await post('/auth/signin', {
      email: `  ${person.email.toUpperCase()} `,
      password: person.password,
    });
    expect(signIn.statusCode).toBe(200);
    const body = signIn.json();
    expect(body.success).toBe(true);
    expect(body.data.username).toBe(person.username);
    expect(typeof body.data.user_id).toBe('number');
    const token = body.data.json_web_token as string;
    expect(token.split('.')).toHaveLength(3);
    const cookie = signIn.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.value).toBe(token);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();

    const me = await get('/user/me', bearer(token));
    expect(me.json().data).toMatchObject({
      username: person.username,
      email,
      email_confirmed: true,
      usercountrycode: 'DE',
      userregionname: 'Berlin',
      language_code_ui: 'en',
    });
    expect(me.json().data.home_team_id).toEqual(expect.any(Number));
    const anonymity = await get('/auth/isuseranonymous', bearer(token));
    expect(anonymity.json().data).toEqual({ isAnonymous: false, user_id: body.data.user_id });
    // The cookie alone authenticates too (service worker, <audio>).
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/isuseranonymous',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(byCookie.json().data.isAnonymous).toBe(false);

    const signOut = await get('/auth/signout', bearer(token));
    expect(signOut.statusCode).toBe(200);
    const cleared = signOut.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cleared.value).toBe('');
    expect((await get('/user/me', bearer(token))).json().data.username).toBe('anonymous');
    expect((await get('/auth/isuseranonymous', bearer(token))).json().data.isAnonymous).toBe(true);
  });

  it('refuses sign-in before the address is confirmed with a message starting "email address not confirmed"', async () => {
    const { person } = await signUp();
    const reply = await post('/auth/signin', { email: person.email, password: person.password });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().success).toBe(false);
    expect(reply.json().message.startsWith('email address not confirmed')).toBe(true);
    expect(reply.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('answers a wrong password or an unknown address with Invalid credentials', async () => {
    const { person } = await signedInUser();
    const wrong = await post('/auth/signin', { email: person.email, password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, message: 'Invalid credentials' });
    const unknown = await post('/auth/signin', {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    expect(unknown.json().message).toBe('Invalid credentials');
    const empty = await post('/auth/signin', { email: ' ', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().formFieldErrorMessages).toEqual({
      email: 'this field is required',
      password: 'this field is required',
    });
  });

  it('signs the guest e-mail in as the shared anonymous user with any password and no session', async () => {
    for (const password of ['x', 'Ab3dE6gH', 'anything at all']) {
      const reply = await post('/auth/signin', { email: GUEST_EMAIL, password });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().data).toEqual({
        user_id: t.services.anonymousUserId,
        username: 'anonymous',
        json_web_token: null,
      });
      expect(reply.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '').toBe('');
    }
  });

  it('checks usernames: the sign-up rules (not the back-path rules), then availability', async () => {
    const check = (username: string) => post('/auth/usernamecheck', { username });
    // 22 to 30 characters and any hyphens: the sign-up rules allow them; the back-path rule
    // (5 to 21, hyphen shapes) applies to back paths only.
    for (const username of ['fresh-name7', `${'a'.repeat(29)}1`, '-lead1', 'dou--ble1']) {
      const free = await check(username);
      expect(free.statusCode, username).toBe(200);
      expect(free.json().success).toBe(true);
    }

    const expectations: [string, string][] = [
      ['abc1', 'minimum length is 5'],
      ['a'.repeat(30) + '1', 'maximum length is 30'],
      ['name_with_underscore1', 'username contains invalid characters'],
      ['noDigitAtEnd', 'username must end with a number'],
    ];
    for (const [username, message] of expectations) {
      const reply = await check(username);
      expect(reply.statusCode, username).toBe(400);
      expect(reply.json()).toMatchObject({
        success: false,
        message,
        formFieldErrorMessages: { username: message },
      });
    }
    const { person } = await signUp();
    const taken = await check(person.username.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().formFieldErrorMessages.username).toBe('username not available');
  });

  it('signs up a 28-character username, which the sign-up rules allow', async () => {
    const person = {
      ...newPerson(),
      username: `long-${dialect}-name-${userCounter}`.padEnd(27, 'x') + '8',
    };
    expect(person.username).toHaveLength(28);
    const { reply } = await signUp(person);
    expect(reply.statusCode, reply.body).toBe(200);
    const user = await usersRepository(t.db.kysely).findByUsername(person.username);
    expect(user?.username).toBe(person.username);
  });

  it('refuses sign-ups that break the rules, with the spec texts on the fields', async () => {
    const base = newPerson();
    const attempt = async (changes: object, withCaptcha = true) => {
      const payload = { ...base, ...changes } as Record<string, unknown>;
      if (withCaptcha) payload['captcha'] = await solveCaptcha(t.app);
      return post('/auth/signup', payload);
    };
    const fields = async (changes: object, withCaptcha = true) =>
      (await attempt(changes, withCaptcha)).json().formFieldErrorMessages;

    expect(await fields({}, false)).toEqual({ captcha: 'captcha required' });
    expect(await fields({ captcha: 'forged' }, false)).toEqual({
      captcha: 'captcha verification failed, please try again',
    });
    expect(await fields({ username: 'ab1' })).toEqual({ username: 'minimum length is 5' });
    expect(await fields({ email: 'not-an-address' })).toEqual({ email: 'invalid email address' });
    expect(await fields({ password: 'short' })).toEqual({ password: 'password is too short' });
    expect(await fields({ password: 'x'.repeat(129) })).toEqual({
      password: 'password is too long',
    });
    expect(await fields({ usercountrycode: 'XX' })).toEqual({
      usercountrycode: 'please choose a country from the list',
    });
    expect(await fields({ userregionname: 'California' })).toEqual({
      userregionname: 'please choose a region from the list',
    });
    expect(await fields({ language_code_ui: 'fr' })).toEqual({
      language_code_ui: 'Language must be en or de',
    });

    const { person } = await signUp();
    expect(await fields({ username: person.username.toLowerCase() })).toEqual({
      username: 'username not available',
    });
    expect(await fields({ email: person.email.toUpperCase() })).toEqual({
      email: 'user with that email already exists',
    });
    // None of the refused attempts created an account or sent mail.
    expect(readOutbox(t.dataDir).filter((m) => m.to === base.email.toLowerCase())).toHaveLength(0);
  });

  it('refuses a replayed captcha payload at sign-up', async () => {
    const captcha = await solveCaptcha(t.app);
    const first = await post('/auth/signup', { ...newPerson(), captcha });
    expect(first.statusCode).toBe(200);
    const replay = await post('/auth/signup', { ...newPerson(), captcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().formFieldErrorMessages).toEqual({
      captcha: 'captcha verification failed, please try again',
    });
  });

  it('sends the confirmation e-mail in the language chosen at sign-up', async () => {
    const { person } = await signUp(newPerson('de'));
    const mail = lastMailTo(t.dataDir, person.email.toLowerCase())!;
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse bei Waves');
    expect(mail.text).toContain(`Hallo ${person.username},`);
  });

  it('resets a password with a single-use link that expires after 30 minutes', async () => {
    const { person, token: oldSession } = await signedInUser();
    const email = person.email.toLowerCase();

    const request = await post('/auth/requestpasswordresetemail', { email: ` ${person.email} ` });
    expect(request.statusCode).toBe(200);
    const mail = lastMailTo(t.dataDir, email)!;
    expect(mail.subject).toBe('Reset your Waves password');
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:8080\/resetpassword\?token=[\w-]{43}$/);
    const token = linkParam(mail, 'token');
    // Stored hashed: the token itself is nowhere in the database.
    const stored = await t.db.kysely.selectFrom('tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const tooShort = await post('/auth/resetpasswordviaemail', { token, password: 'short' });
    expect(tooShort.json().formFieldErrorMessages).toEqual({ password: 'password is too short' });

    const reset = await post('/auth/resetpasswordviaemail', { token, password: 'a new password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().success).toBe(true);
    // Every session of the user ends.
    expect((await get('/auth/isuseranonymous', bearer(oldSession))).json().data.isAnonymous).toBe(
      true,
    );
    const reuse = await post('/auth/resetpasswordviaemail', { token, password: 'another one!' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('this link is invalid or has expired');

    const oldPassword = await post('/auth/signin', { email, password: person.password });
    expect(oldPassword.json().message).toBe('Invalid credentials');
    const newPassword = await post('/auth/signin', { email, password: 'a new password' });
    expect(newPassword.statusCode).toBe(200);

    // A second link expires after 30 minutes.
    await post('/auth/requestpasswordresetemail', { email });
    const late = linkParam(lastMailTo(t.dataDir, email)!, 'token');
    t.clock.advance(30 * MINUTE + 1);
    const expired = await post('/auth/resetpasswordviaemail', {
      token: late,
      password: 'too late now',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('this link is invalid or has expired');

    // Within 30 minutes it works.
    await post('/auth/requestpasswordresetemail', { email });
    const fresh = linkParam(lastMailTo(t.dataDir, email)!, 'token');
    t.clock.advance(29 * MINUTE);
    const inTime = await post('/auth/resetpasswordviaemail', {
      token: fresh,
      password: 'just in time',
    });
    expect(inTime.statusCode).toBe(200);
  });

  it('a completed reset confirms an unconfirmed address', async () => {
    const { person } = await signUp();
    const email = person.email.toLowerCase();
    await post('/auth/requestpasswordresetemail', { email });
    const token = linkParam(lastMailTo(t.dataDir, email)!, 'token');
    await post('/auth/resetpasswordviaemail', { token, password: 'brand new pass' });
    const signIn = await post('/auth/signin', { email, password: 'brand new pass' });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers a reset request the same whether or not the address has an account', async () => {
    const before = readOutbox(t.dataDir).length;
    const unknown = await post('/auth/requestpasswordresetemail', { email: 'ghost@example.com' });
    const guest = await post('/auth/requestpasswordresetemail', { email: GUEST_EMAIL });
    const { person } = await signUp();
    const known = await post('/auth/requestpasswordresetemail', { email: person.email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(guest.json()).toEqual(known.json());
    // Only the real account got mail (its confirmation and its reset link).
    expect(readOutbox(t.dataDir).length).toBe(before + 2);
    const empty = await post('/auth/requestpasswordresetemail', { email: '  ' });
    expect(empty.json().formFieldErrorMessages).toEqual({ email: 'required field' });
  });

  it('rejects tampered, alg-none, expired and revoked tokens (the caller is anonymous)', async () => {
    const { token } = await signedInUser();
    const isAnonymous = async (candidate: string) =>
      (await get('/auth/isuseranonymous', bearer(candidate))).json().data.isAnonymous as boolean;
    expect(await isAnonymous(token)).toBe(false);

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString(
      'base64url',
    );
    expect(await isAnonymous(`${header}.${tamperedPayload}.${signature}`)).toBe(true);
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect(await isAnonymous(`${header}.${payload}.${flipped}`)).toBe(true);

    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
      'base64url',
    );
    expect(await isAnonymous(`${noneHeader}.${payload}.`)).toBe(true);

    const secret = new TextEncoder().encode(
      readFileSync(path.join(t.dataDir, 'jwt-secret'), 'utf8').trim(),
    );
    const now = Math.floor(t.clock.now() / 1000);
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 60)
      .sign(secret);
    expect(await isAnonymous(expired)).toBe(true);
    // The same claims signed properly and unexpired are accepted: the checks above mean something.
    const valid = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(secret);
    expect(await isAnonymous(valid)).toBe(false);

    // A session left unused past its lifetime expires.
    const idle = await signedInUser();
    t.clock.advance(61 * 24 * HOUR);
    expect(await isAnonymous(idle.token)).toBe(true);

    // Revoked: sign out, then the old token is anonymous.
    const fresh = await signedInUser();
    await get('/auth/signout', bearer(fresh.token));
    expect(await isAnonymous(fresh.token)).toBe(true);
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const { token } = await signedInUser();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/usernamecheck',
      payload: { username: 'someone5' },
      cookies: { [SESSION_COOKIE]: token },
      headers: { origin: 'https://evil.example', host: 'localhost:8080' },
    });
    expect(reply.statusCode).toBe(403);
  });

  it('limits sign-in to 10 per minute per IP, and recovers after the minute', async () => {
    const ip = freshIp();
    let n = 0;
    // Other e-mails each time: this is the address's limit, not the account's captcha.
    const attempt = () =>
      post('/auth/signin', { email: `x${++n}@example.com`, password: 'nope' }, ip);
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('too many requests, please try again later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not limited.
    expect((await post('/auth/signin', { email: 'x@example.com', password: 'n' })).statusCode).toBe(
      401,
    );
    t.clock.advance(MINUTE);
    expect((await attempt()).statusCode).toBe(401);
  });

  it('replays the lock-out: 20 wrong passwords from 20 addresses never refuse the owner, who solves a captcha instead', async () => {
    const { person } = await signedInUser();
    for (let i = 0; i < 20; i++) {
      const reply = await post(
        '/auth/signin',
        { email: person.email, password: 'wrong' },
        `172.16.${i}.9`,
      );
      // Past 10 failures of the account, every address is asked for a captcha first.
      expect(reply.statusCode).toBe(i < 10 ? 401 : 400);
    }
    const ownerIp = '198.51.100.200';
    const withoutCaptcha = await post(
      '/auth/signin',
      { email: person.email, password: person.password },
      ownerIp,
    );
    expect(withoutCaptcha.statusCode).toBe(400);
    expect(withoutCaptcha.json()).toMatchObject({
      message: 'captcha required',
      formFieldErrorMessages: { captcha: 'captcha required' },
    });
    const owner = await post(
      '/auth/signin',
      { email: person.email, password: person.password, captcha: await solveCaptcha(t.app) },
      ownerIp,
    );
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.json_web_token).toEqual(expect.any(String));
  });

  it('asks one address for a captcha after 3 failures of an account; other addresses are not asked', async () => {
    const { person } = await signedInUser();
    const ip = freshIp();
    const attempt = (password: string, from = ip, captcha?: string) =>
      post(
        '/auth/signin',
        { email: person.email, password, ...(captcha ? { captcha } : {}) },
        from,
      );
    for (let i = 0; i < 3; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt(person.password)).json().formFieldErrorMessages).toEqual({
      captcha: 'captcha required',
    });
    // A captcha does not make a wrong password right, and each attempt needs a new one.
    expect((await attempt('wrong', ip, await solveCaptcha(t.app))).statusCode).toBe(401);
    expect((await attempt(person.password, freshIp())).statusCode).toBe(200);
    expect((await attempt(person.password, ip, await solveCaptcha(t.app))).statusCode).toBe(200);
    // The same for an address without an account: the captcha reveals nothing.
    const nobody = 'nobody-here@example.com';
    for (let i = 0; i < 3; i++) {
      expect((await post('/auth/signin', { email: nobody, password: 'x' }, ip)).statusCode).toBe(
        401,
      );
    }
    expect((await post('/auth/signin', { email: nobody, password: 'x' }, ip)).statusCode).toBe(400);
  });

  it('refuses one address after 30 failures of an account for the hour; the owner elsewhere still signs in', async () => {
    const { person } = await signedInUser();
    const ip = freshIp();
    // The per-address limit of 10 a minute paces the guesses; the clock moves on between.
    for (let i = 0; i < 30; i++) {
      if (i % 10 === 0) t.clock.advance(MINUTE);
      const captcha = i >= 3 ? await solveCaptcha(t.app) : undefined;
      const reply = await post(
        '/auth/signin',
        { email: person.email, password: 'wrong', captcha },
        ip,
      );
      expect(reply.statusCode).toBe(401);
    }
    t.clock.advance(MINUTE);
    const refused = await post(
      '/auth/signin',
      { email: person.email, password: person.password },
      ip,
    );
    expect(refused.statusCode).toBe(429);
    const owner = await post(
      '/auth/signin',
      { email: person.email, password: person.password, captcha: await solveCaptcha(t.app) },
      freshIp(),
    );
    expect(owner.statusCode).toBe(200);
  });

  it('limits sign-up to 5 per 30 minutes per IP, and recovers after the window', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await signUp(newPerson(), ip)).reply.statusCode).toBe(200);
    const refused = await post('/auth/signup', { ...newPerson() }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('too many requests, please try again later');
    t.clock.advance(30 * MINUTE);
    expect((await signUp(newPerson(), ip)).reply.statusCode).toBe(200);
  });

  it('limits reset requests to 5 per 30 minutes per e-mail, and recovers after the window', async () => {
    const email = 'limited@example.com';
    for (let i = 0; i < 5; i++) {
      expect((await post('/auth/requestpasswordresetemail', { email })).statusCode).toBe(200);
    }
    const refused = await post('/auth/requestpasswordresetemail', { email: email.toUpperCase() });
    expect(refused.statusCode).toBe(429);
    expect(
      (await post('/auth/requestpasswordresetemail', { email: 'other@example.com' })).statusCode,
    ).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect((await post('/auth/requestpasswordresetemail', { email })).statusCode).toBe(200);
  });

  it('limits reset requests to 10 per hour per address, whatever the e-mails', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const reply = await post(
        '/auth/requestpasswordresetemail',
        { email: `r${i}@example.com` },
        ip,
      );
      expect(reply.statusCode).toBe(200);
    }
    const refused = await post('/auth/requestpasswordresetemail', { email: 'r99@example.com' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(HOUR);
    expect(
      (await post('/auth/requestpasswordresetemail', { email: 'r99@example.com' }, ip)).statusCode,
    ).toBe(200);
  });

  it('limits username checks to 60 per minute per IP, and recovers after the minute', async () => {
    const ip = freshIp();
    const check = () => post('/auth/usernamecheck', { username: 'free-name9' }, ip);
    for (let i = 0; i < 60; i++) expect((await check()).statusCode).toBe(200);
    expect((await check()).statusCode).toBe(429);
    t.clock.advance(MINUTE);
    expect((await check()).statusCode).toBe(200);
  });
});
