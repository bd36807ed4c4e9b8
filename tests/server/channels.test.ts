import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelListReplySchema, channelReplySchema } from '../../src/api/contract/channel.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import {
  channelIdOf,
  createListener,
  insertChannel,
  makeTone,
  publishWave,
  type Listener,
} from '../helpers/waves.ts';

const audioDir = mkdtempSync(path.join(tmpdir(), 'waves-audio-'));
const tone = makeTone(audioDir);
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

describeEachDatabase('channels', (dialect) => {
  let t: TestApp;
  let plain: Listener;
  let flagged: Listener;
  let admin: Listener;
  let listAdmin: Listener;

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const reply = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
    return { status: reply.statusCode, body: reply.json(), headers: reply.headers };
  };
  const create = async (payload: object, headers: Record<string, string> = {}) => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/v1/channel/new',
      headers,
      payload,
    });
    return { status: reply.statusCode, body: reply.json() };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { ADMIN_USERNAMES: 'chief-admin' } });
    plain = await createListener(t, 'plain-user');
    flagged = await createListener(t, 'flagged-user', { can_create_channels: 1 });
    admin = await createListener(t, 'flag-admin', { is_admin: 1 });
    listAdmin = await createListener(t, 'chief-admin');
    await insertChannel(t, 'music');
    await insertChannel(t, 'Waves');
    await insertChannel(t, 'private-club', { chatgroup: true });
    t.clock.advance(1000);
    await publishWave(t, tone, { userId: plain.userId, channel: 'music', title: 'tune' });
  });
  afterAll(() => t.close());

  it('finds a channel by name, case-insensitively, uncached', async () => {
    const { status, body, headers } = await get('/channel/name/MUSIC');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(channelReplySchema.parse(body).data).toMatchObject({
      channel_name: 'music',
      wave_count: 1,
      channel_access_rule: 'PUBLIC',
      channel_invitation_code: null,
      is_chatgroup: false,
      language_code_ui: 'en',
      description: '',
    });
    expect(body.data.latest_wave_created).toBe(new Date(t.clock.now()).toISOString());
    const missing = await get('/channel/name/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('channel not found');
  });

  it('finds a channel by id', async () => {
    const id = await channelIdOf(t, 'general');
    const { body } = await get(`/channel/info/${id}`);
    expect(body.data).toMatchObject({ channel_id: id, channel_name: 'general', wave_count: 0 });
    expect(body.data.latest_wave_created).toBeNull();
    expect((await get('/channel/info/999999')).status).toBe(404);
    expect((await get('/channel/info/abc')).status).toBe(400);
  });

  it('hides chat groups from people who are not members', async () => {
    const id = await channelIdOf(t, 'private-club');
    expect((await get('/channel/name/private-club')).status).toBe(404);
    expect((await get(`/channel/info/${id}`, plain.auth)).status).toBe(404);
    await t.db.kysely
      .insertInto('channel_members')
      .values({ channel_id: id, user_id: plain.userId, member_since: t.clock.now() })
      .execute();
    const member = await get('/channel/name/private-club', plain.auth);
    expect(member.body.data).toMatchObject({
      is_chatgroup: true,
      channel_invitation_code: 'code-private-club',
    });
  });

  it('lists the public channels of a language, recently updated first', async () => {
    const { body } = await get('/channel/list/bylanguage/en');
    const list = channelListReplySchema.parse(body).data ?? [];
    const names = list.map((channel) => channel.channel_name);
    expect(names[0]).toBe('music');
    expect(names).toContain('general');
    expect(names).not.toContain('allgemein');
    expect(names).not.toContain('private-club');
    expect(names).not.toContain('Waves');
    const de = await get('/channel/list/bylanguage/de');
    expect(de.body.data.map((c: { channel_name: string }) => c.channel_name)).toEqual([
      'allgemein',
    ]);
    const bad = await get('/channel/list/bylanguage/xx');
    expect(bad.status).toBe(400);
    expect(bad.body.formFieldErrorMessages).toEqual({ lang: 'invalid language_code_ui' });
  });

  it('lists the channels the caller posted to most recently first', async () => {
    await insertChannel(t, 'zeta');
    t.clock.advance(1000);
    await publishWave(t, tone, { userId: flagged.userId, channel: 'general', title: 'g' });
    t.clock.advance(1000);
    await publishWave(t, tone, { userId: flagged.userId, channel: 'zeta', title: 'z' });
    t.clock.advance(1000);
    await publishWave(t, tone, { userId: plain.userId, channel: 'music', title: 'm' });
    const mine = await get('/channel/list/byusermostrecent/en', flagged.auth);
    const names = mine.body.data.map((c: { channel_name: string }) => c.channel_name);
    expect(names.slice(0, 3)).toEqual(['zeta', 'general', 'music']);
    const anonymous = await get('/channel/list/byusermostrecent/en');
    expect(anonymous.body.data[0].channel_name).toBe('music');
  });

  it('creates channels only for the permitted: flag, admin or ADMIN_USERNAMES', async () => {
    const body = (name: string) => ({
      channel_name: name,
      description: 'About things',
      language_code_ui: 'en',
    });
    const anonymous = await create(body('anon-chan'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('must be signed in');
    const refused = await create(body('plain-chan'), plain.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/reputation/);
    for (const [who, name] of [
      [flagged, 'flag-chan'],
      [admin, 'admin-chan'],
      [listAdmin, 'listed-chan'],
    ] as const) {
      const reply = await create(body(name), who.auth);
      expect(reply.status, who.username).toBe(200);
      expect(reply.body.data).toEqual({
        channel_id: await channelIdOf(t, name),
        channel_name: name,
      });
    }
    const made = await get('/channel/name/flag-chan');
    expect(made.body.data).toMatchObject({ description: 'About things', wave_count: 0 });
  });

  it('validates a new channel with the spec’s messages', async () => {
    const cases: [object, Record<string, string>][] = [
      [
        {},
        {
          channel_name: 'Channel name is required.',
          language_code_ui: 'Language code is required.',
        },
      ],
      [
        { channel_name: '', language_code_ui: '' },
        {
          channel_name: 'Channel name is required.',
          language_code_ui: 'Language code is required.',
        },
      ],
      [
        { channel_name: 'x'.repeat(21), language_code_ui: 'en' },
        { channel_name: 'Channel name must be at most 20 characters.' },
      ],
      [
        { channel_name: 'two words', language_code_ui: 'en' },
        {
          channel_name: 'Channel name may contain only letters, digits, hyphens and underscores.',
        },
      ],
      [
        { channel_name: 'okay', description: 'd'.repeat(81), language_code_ui: 'en' },
        { description: 'Description must be at most 80 characters.' },
      ],
      [
        { channel_name: 'okay', language_code_ui: 'fr' },
        { language_code_ui: 'invalid language_code_ui' },
      ],
    ];
    for (const [payload, fields] of cases) {
      const reply = await create(payload, flagged.auth);
      expect(reply.status, JSON.stringify(payload)).toBe(400);
      expect(reply.body.formFieldErrorMessages, JSON.stringify(payload)).toEqual(fields);
    }
    const taken = await create({ channel_name: 'MUSIC', language_code_ui: 'en' }, flagged.auth);
    expect(taken.status).toBe(409);
    expect(taken.body.formFieldErrorMessages).toEqual({
      channel_name: 'This channel name is already taken.',
    });
    // The channel named after the product (SITE_NAME) is reserved.
    const reserved = await create({ channel_name: 'WAVES', language_code_ui: 'de' }, admin.auth);
    expect(reserved.status).toBe(400);
    expect(reserved.body.formFieldErrorMessages).toEqual({
      channel_name: 'This channel name is reserved.',
    });
  });
});
