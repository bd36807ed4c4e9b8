import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/http/auth-plugin.ts';
import { createMember, type Member } from '../helpers/members.ts';
import {
  bodiesFor,
  edgeRequests,
  judge,
  operationsOf,
  pathFor,
  queryFor,
  type FuzzBody,
  type Operation,
} from '../helpers/openapi-fuzz.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import { channelIdOf, makeTone, publishWave } from '../helpers/waves.ts';

/**
 * Property-based fuzz of every operation the OpenAPI document lists (docs/product/api.md
 * "The envelope"): whatever arrives — values that fit the schemas, values that break them,
 * broken JSON, broken multipart, hostile path segments, forged or missing credentials — the
 * answer is never a 5xx and always the envelope. The operations come from the running app's
 * document, so a route added later is fuzzed without touching this file. A fixed seed and a
 * bounded number of runs per operation keep it reproducible and quick (FUZZ_SEED and FUZZ_RUNS
 * explore further by hand; FUZZ_REPORT=1 prints the counts).
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_2020);
const RUNS_PER_OPERATION = Number(process.env['FUZZ_RUNS'] ?? 25);

/** The operations, read from a throwaway app's document (the same on every database). */
const operations: Operation[] = await (async () => {
  const t = await createTestApp('sqlite');
  try {
    return operationsOf((await t.app.inject('/api/docs/json')).json());
  } finally {
    await t.close();
  }
})();

/** The page a cookie-authenticated request says it came from. */
const ORIGINS = {
  cookie: 'http://localhost:8080',
  'cookie-other-origin': 'http://localhost:8080.evil.example',
  'cookie-unparsable-origin': 'http://[::1',
} as const;

interface FuzzRequest {
  path: string;
  query: string;
  body: FuzzBody;
  credentials: string;
  address: string;
}

describeEachDatabase('fuzz: every operation of the OpenAPI document', (dialect) => {
  const tally = { requests: 0, fiveXx: 0, notEnvelope: 0 };
  let t: TestApp;
  let member: Member;
  let known: Record<string, readonly unknown[]>;
  const audioDir = mkdtempSync(path.join(tmpdir(), 'waves-fuzz-'));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    member = await createMember(t, 'fuzzer1');
    const general = await channelIdOf(t, 'general');
    const published = await publishWave(t, makeTone(audioDir), {
      userId: member.userId,
      channelId: general,
      languageCode: 'en',
      title: 'fuzz target',
    });
    const pending = await t.services.wavePublisher.createWave({
      userId: member.userId,
      channelId: general,
      languageCode: 'en',
      title: 'waiting',
    });
    const ids = [member.userId, member.homeTeamId, general, t.services.anonymousUserId];
    known = {
      wave_name: [published.wave_name, pending.wave_name],
      in_reply_to_wave_wave_name: [published.wave_name],
      username: [member.username, 'anonymous'],
      channel_name: ['general', 'allgemein'],
      id: ids,
      user_id: ids,
      team_id: ids,
      channel_id: ids,
      language_code: ['en', 'de'],
      lang: ['en', 'de'],
      language_code_ui: ['en', 'de'],
      email: [`${member.username}@example.com`, 'anonymous@waves.invalid'],
      phone: ['+14155552671'],
      phone_number: ['+14155552671'],
    };
  });
  afterAll(async () => {
    await t.close();
    rmSync(audioDir, { recursive: true, force: true });
    if (process.env['FUZZ_REPORT']) console.log(`fuzz [${dialect}]`, tally);
  });

  it('finds the operations in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    expect(operations.every((operation) => operation.path.startsWith('/api/'))).toBe(true);
  });

  // Signed in most of the time, so requests get past the sign-in checks into the services.
  const credentials = fc.oneof(
    { weight: 2, arbitrary: fc.constant('none') },
    { weight: 5, arbitrary: fc.constant('bearer') },
    { weight: 2, arbitrary: fc.constant('cookie') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'cookie-other-origin',
        'cookie-unparsable-origin',
        'garbage-token',
      ),
    },
  );
  const addresses = fc.constantFrom('10.9.0.1', '10.9.0.2', '192.0.2.7', '::1', '2001:db8::5');

  for (const operation of operations) {
    it(`${operation.method} ${operation.path}: no 5xx, always the envelope`, async () => {
      const request: fc.Arbitrary<FuzzRequest> = fc.record({
        path: pathFor(operation, known),
        query: queryFor(operation, known),
        body: operation.method === 'GET' ? fc.constant<FuzzBody>({}) : bodiesFor(operation, known),
        credentials,
        address: addresses,
      });
      // The schema's edges first (they count among the runs), then random requests.
      const edges = edgeRequests(operation, known).map((edge): [FuzzRequest] => [
        { ...edge, credentials: 'bearer', address: '10.9.0.3' },
      ]);
      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          const headers: Record<string, string> = {};
          if (input.body.contentType) headers['content-type'] = input.body.contentType;
          if (input.credentials !== 'none') {
            // A session of its own per request: a fuzzed sign-out must not end the others.
            const { token } = await t.services.sessions.create(member.userId, 'fuzz');
            if (input.credentials === 'bearer') headers['authorization'] = `Bearer ${token}`;
            else if (input.credentials === 'garbage-token') {
              headers['authorization'] = `Bearer ${token.slice(0, -3)}xyz`;
            } else {
              headers['cookie'] = `${SESSION_COOKIE}=${token}`;
              headers['origin'] =
                ORIGINS[input.credentials as keyof typeof ORIGINS] ?? 'http://localhost:8080';
            }
          }
          const reply = await t.app.inject({
            method: operation.method as 'GET',
            url: `${input.path}${input.query}`,
            headers,
            remoteAddress: input.address,
            ...(input.body.payload !== undefined ? { payload: input.body.payload } : {}),
          });
          const verdict = judge(operation, reply);
          tally.requests += 1;
          if (verdict.fiveXx) tally.fiveXx += 1;
          if (verdict.notEnvelope) tally.notEnvelope += 1;
          if (verdict.fiveXx || verdict.notEnvelope) {
            throw new Error(`${reply.statusCode} ${reply.body.slice(0, 300)}`);
          }
        }),
        {
          seed: SEED,
          numRuns: RUNS_PER_OPERATION + edges.length,
          endOnFailure: true,
          examples: edges,
        },
      );
    });
  }
});
