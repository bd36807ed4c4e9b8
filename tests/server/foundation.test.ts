import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { forbidden } from '../../server/kernel/refusal.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

const envelopeKeys = ['success', 'message', 'data', 'formFieldErrorMessages'];

describeEachDatabase('foundation', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    // Routes that exist only to prove the error paths of the envelope.
    t = await createTestApp(dialect, {
      register: (scope) => {
        scope.get('/api/v1/test/boom', async () => {
          throw new Error('secret internals /etc/passwd');
        });
        scope.get('/api/v1/test/refuse', async () => {
          throw forbidden('forbidden');
        });
        scope.post(
          '/api/v1/test/validate',
          { schema: { body: z.object({ title: z.string().min(3, 'minimum 3 characters') }) } },
          async () => ({ success: true }),
        );
      },
    });
  });
  afterAll(() => t.close());

  it('answers isuseranonymous in the envelope for an anonymous caller', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/v1/auth/isuseranonymous' });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(Object.keys(body)).toEqual(expect.arrayContaining(envelopeKeys));
    expect(body.success).toBe(true);
    expect(body.data.isAnonymous).toBe(true);
    expect(body.data.user_id).toBe(t.services.anonymousUserId);
  });

  it('treats a garbage bearer token as anonymous', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/isuseranonymous',
      headers: { authorization: 'Bearer not-a-jwt' },
    });
    expect(reply.json().data.isAnonymous).toBe(true);
  });

  it('serves /user/me as the anonymous user, uncached', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/v1/user/me' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.json().data.username).toBe('anonymous');
  });

  it('answers an unknown /api path with a 404 envelope', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ success: false, message: 'not found', data: null });
  });

  it('turns a validation failure into 400 with formFieldErrorMessages', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/validate',
      payload: { title: 'ab' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      success: false,
      formFieldErrorMessages: { title: 'minimum 3 characters' },
    });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().success).toBe(false);
  });

  it('hides internals of a 500 behind the envelope', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({
      success: false,
      message: 'internal server error',
      data: null,
      formFieldErrorMessages: {},
      requestId: reply.headers['x-request-id'],
    });
    expect(reply.body).not.toContain('passwd');
  });

  it('passes a service refusal through with its status', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/v1/test/refuse' });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe('forbidden');
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends API replies a policy that allows nothing and no framing', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/v1/auth/isuseranonymous' });
    expect(reply.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['cross-origin-opener-policy']).toBeUndefined();
    // The API documentation is a page: it keeps the documents' policy.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('migrates to the full schema and seeds the required rows', async () => {
    const tables = [
      'users',
      'sessions',
      'teams',
      'team_subscriptions',
      'channels',
      'channel_members',
      'invitations',
      'waves',
      'wave_likes',
      'wave_views',
      'tokens',
      'sms_codes',
      'jobs',
    ] as const;
    for (const table of tables) {
      const result = await sql`select count(*) as n from ${sql.table(table)}`.execute(t.db.kysely);
      expect(result.rows).toHaveLength(1);
    }
    const channels = await t.db.kysely
      .selectFrom('channels')
      .select(['channel_name', 'language_code_ui'])
      .execute();
    expect(channels.map((c) => c.language_code_ui).sort()).toEqual(['de', 'en']);
  });

  it('is idempotent when migrations and the seed run again', async () => {
    const { migrateToLatest } = await import('../../server/db/database.ts');
    const { seedRequiredRows } = await import('../../server/seed/required-rows.ts');
    await migrateToLatest(t.db);
    const again = await seedRequiredRows(t.db, t.clock);
    expect(again.anonymousUserId).toBe(t.services.anonymousUserId);
    const users = await t.db.kysely.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it('refuses an anonymous caller of a signed-in-only route before validating the request', async () => {
    // Malformed on purpose: validation would answer 400 with the fields a request needs.
    for (const [url, payload] of [
      ['/api/v1/team/subscribe/not-a-team', { subscribe: 'maybe' }],
      ['/api/v1/invitesomeone', { team_id: 'x' }],
      ['/api/v1/wave/like/Not%20A%20Name', { like: 'x' }],
      ['/api/v1/channel/new', { channel_name: '' }],
    ] as const) {
      const reply = await t.app.inject({ method: 'POST', url, payload });
      expect(reply.statusCode, url).toBe(401);
      expect(reply.json(), url).toMatchObject({
        message: 'must be signed in',
        formFieldErrorMessages: {},
      });
    }
  });

  it('publishes the OpenAPI document', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().paths).toHaveProperty('/api/v1/auth/isuseranonymous');
  });
});

/** Stands for the first requests' script that the build inlines (vite.config.ts). */
const FIRST_REQUESTS = 'globalThis.wavesEarlyRequests = [];';

describeEachDatabase('static serving', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { STATIC_DIR: '/tmp/will-be-replaced' } });
    await t.close();
    // A fake build: the headers depend on names and folders, not on content.
    const root = path.join(t.dataDir + '-dist');
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    writeFileSync(
      path.join(root, 'index.html'),
      `<!doctype html><script>${FIRST_REQUESTS}</script><div id="root"></div>`,
    );
    writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1);'.repeat(200));
    t = await createTestApp(dialect, { env: { STATIC_DIR: root } });
  });
  afterAll(() => t.close());

  it('serves hashed assets as immutable', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses assets for clients that accept it', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(reply.headers['content-encoding']).toBe('br');
  });

  it('allows the build’s inline script by its hash, and no other inline script', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    const scriptSrc = /script-src ([^;]*)/.exec(String(index.headers['content-security-policy']));
    const hash = createHash('sha256').update(FIRST_REQUESTS).digest('base64');
    expect(scriptSrc?.[1]).toBe(`'self' 'sha256-${hash}'`);
  });

  it('revalidates index.html and the service worker', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.headers['cache-control']).toBe('no-cache');
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to the shell for page paths, and 404s for missing files and api paths', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/u/someone/wave1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().success).toBe(false);
  });
});
