import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaveListItem } from '../../src/api/contract/wave.ts';
import { trendingScore } from '../../server/services/trending.ts';
import { VIEW_LIMITS } from '../../server/services/wave-service.ts';
import { multipart } from '../helpers/members.ts';
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

const DAY = 86_400_000;

describeEachDatabase('wave actions', (dialect) => {
  let t: TestApp;
  let owner: Listener;
  let other: Listener;
  let admin: Listener;
  let listAdmin: Listener;

  const post = async (url: string, payload?: object, headers: Record<string, string> = {}) => {
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    return { status: reply.statusCode, body: reply.json() };
  };
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const reply = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
    return { status: reply.statusCode, body: reply.json(), headers: reply.headers };
  };
  const waveRow = (name: string) =>
    t.db.kysely.selectFrom('waves').selectAll().where('wave_name', '=', name).executeTakeFirst();
  /** A guest's view from an address, with its browser's headers (a device cookie, a user agent). */
  const viewAs = (waveName: string, address: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/wave/logview/${waveName}`,
      remoteAddress: address,
      headers,
    });
  const deviceCookieOf = (reply: { cookies: { name: string; value: string }[] }) => {
    const cookie = reply.cookies.find((c) => c.name === 'waves_device');
    if (!cookie) throw new Error('no device id issued');
    return `waves_device=${cookie.value}`;
  };
  const userRow = (id: number) =>
    t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const channelRow = (name: string) =>
    t.db.kysely
      .selectFrom('channels')
      .selectAll()
      .where('channel_name_lower', '=', name)
      .executeTakeFirstOrThrow();
  const newWave = (title = 'a wave', userId = owner.userId, channel = 'general') =>
    publishWave(t, tone, { userId, channel, title });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { ADMIN_USERNAMES: 'list-admin, someone-else' } });
    owner = await createListener(t, 'wave-owner');
    other = await createListener(t, 'other-user');
    admin = await createListener(t, 'flag-admin', { is_admin: 1 });
    listAdmin = await createListener(t, 'list-admin');
  });
  afterAll(() => t.close());

  describe('sponsored waves', () => {
    const logo = () =>
      sharp({ create: { width: 300, height: 120, channels: 4, background: '#e11d48' } })
        .png()
        .toBuffer();
    const sponsor = async (
      waveName: string,
      fields: Record<string, string>,
      who: Listener | null,
      files: Record<string, { data: Uint8Array; filename: string }> = {},
    ) => {
      const body = await multipart(fields, files);
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/v1/wave/sponsor/${waveName}`,
        payload: body.payload,
        headers: { ...body.headers, ...(who ? who.auth : {}) },
      });
      return { status: reply.statusCode, body: reply.json() };
    };
    const inNewest = async (waveName: string) =>
      ((await get('/wave/wavelistpublicnewest/en')).body.data as WaveListItem[]).find(
        (item) => item.wave_name === waveName,
      );

    it('lets a site admin mark a wave sponsored, with a name and a logo that lists show', async () => {
      const wave = await newWave('sponsored wave');
      const reply = await sponsor(
        wave.wave_name,
        { is_sponsored: 'TRUE', sponsor_name: ' Acme Tea ' },
        listAdmin,
        { logo: { data: await logo(), filename: 'acme.png' } },
      );
      expect(reply.status).toBe(200);
      expect(reply.body.data[0]).toMatchObject({ is_sponsored: true, sponsor_name: 'Acme Tea' });
      const logoUrl = reply.body.data[0].sponsor_logo as string;
      expect(logoUrl).toMatch(/^\/media\/sponsors\/[a-f0-9]{16}\.webp$/);
      const image = await t.app.inject({ method: 'GET', url: logoUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['cache-control']).toContain('immutable');
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 128, height: 128 });
      // The list cache forgot its pages: the next newest list shows the label at once.
      expect(await inNewest(wave.wave_name)).toMatchObject({
        is_sponsored: true,
        sponsor_name: 'Acme Tea',
        sponsor_logo: logoUrl,
      });

      // Renaming keeps the logo; unsponsoring clears name and logo and deletes the file.
      const renamed = await sponsor(
        wave.wave_name,
        { is_sponsored: 'TRUE', sponsor_name: 'Acme' },
        admin,
      );
      expect(renamed.body.data[0]).toMatchObject({ sponsor_name: 'Acme', sponsor_logo: logoUrl });
      const off = await sponsor(wave.wave_name, { is_sponsored: 'FALSE' }, admin);
      expect(off.body.data[0]).toMatchObject({
        is_sponsored: false,
        sponsor_name: null,
        sponsor_logo: null,
      });
      expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
      expect(await inNewest(wave.wave_name)).toMatchObject({ is_sponsored: false });
    });

    it('refuses everyone but site admins, and bad fields, changing nothing', async () => {
      const wave = await newWave('not sponsored');
      const fields = { is_sponsored: 'TRUE', sponsor_name: 'Acme' };
      expect((await sponsor(wave.wave_name, fields, owner)).status).toBe(403);
      expect((await sponsor(wave.wave_name, fields, null)).status).toBe(401);
      const noName = await sponsor(wave.wave_name, { is_sponsored: 'TRUE' }, admin);
      expect(noName.status).toBe(400);
      expect(noName.body.formFieldErrorMessages).toEqual({
        sponsor_name: 'Sponsor name is required.',
      });
      const maybe = await sponsor(wave.wave_name, { is_sponsored: 'maybe' }, admin);
      expect(maybe.body.formFieldErrorMessages).toEqual({ is_sponsored: 'must be TRUE or FALSE' });
      const badLogo = await sponsor(wave.wave_name, fields, admin, {
        logo: { data: new TextEncoder().encode('GIF89a but not really'), filename: 'logo.gif' },
      });
      expect(badLogo.status).toBe(400);
      expect(Object.keys(badLogo.body.formFieldErrorMessages)).toEqual(['logo']);
      expect((await sponsor('nosuchwave', fields, admin)).status).toBe(404);
      expect(await waveRow(wave.wave_name)).toMatchObject({
        is_sponsored: 0,
        sponsor_name: null,
        sponsor_logo: null,
      });
    });
  });

  describe('logview', () => {
    it('counts a view once per viewer per day and again the next day', async () => {
      const wave = await newWave();
      const view = (headers: Record<string, string> = {}) =>
        post(`/wave/logview/${wave.wave_name}`, undefined, headers);
      expect((await view(owner.auth)).body.data).toEqual({ counted: true, views_count: 1 });
      expect((await view(owner.auth)).body.data).toEqual({ counted: false, views_count: 1 });
      // A guest's first view counts by address and brings the browser its device id.
      const first = await viewAs(wave.wave_name, '10.20.0.1');
      expect(first.json().data.counted).toBe(true);
      const phone = deviceCookieOf(first);
      expect(phone).toMatch(/^waves_device=[\w-]+\.[\w-]+$/);
      expect(
        (await viewAs(wave.wave_name, '10.20.0.1', { cookie: phone })).json().data.counted,
      ).toBe(false);
      // Another user agent from that address is the same guest, not a new one.
      const laptop = { 'user-agent': 'laptop/2' };
      expect((await viewAs(wave.wave_name, '10.20.0.1', laptop)).json().data.counted).toBe(false);
      // A second browser there, known by the device id it got for another wave, is new.
      const second = deviceCookieOf(
        await viewAs((await newWave('other')).wave_name, '10.20.0.1', laptop),
      );
      expect(
        (await viewAs(wave.wave_name, '10.20.0.1', { cookie: second })).json().data.counted,
      ).toBe(true);
      t.clock.advance(DAY);
      expect((await view(owner.auth)).body.data).toEqual({ counted: true, views_count: 4 });
      const row = await waveRow(wave.wave_name);
      expect(row?.views_count).toBe(4);
      expect(row?.trending_score).toBeCloseTo(
        trendingScore({ likes: 0, views: 4, createdAt: row?.created_at ?? 0 }),
        9,
      );
    });

    it('replays the view inflation: 500 posts from one address with rotating user agents count one view', async () => {
      const target = await newWave('inflated');
      let refused = 0;
      for (let i = 0; i < 500; i++) {
        const reply = await viewAs(target.wave_name, '192.0.2.50', { 'user-agent': `agent/${i}` });
        if (reply.statusCode === 429) refused += 1;
        else expect(reply.json().success).toBe(true);
      }
      expect((await waveRow(target.wave_name))?.views_count).toBe(1);
      // Past 300 an hour, the address is refused outright.
      expect(refused).toBe(500 - VIEW_LIMITS.requestsPerAddress.limit);
    });

    it('counts at most 3 guest devices of one address for a wave a day; accounts count apart', async () => {
      const target = await newWave('devices');
      const harvested: string[] = [];
      for (let i = 0; i < 6; i++) {
        const probe = await newWave(`probe ${i}`);
        harvested.push(deviceCookieOf(await viewAs(probe.wave_name, '192.0.2.60')));
      }
      const counted = [];
      for (const cookie of harvested) {
        counted.push(
          (await viewAs(target.wave_name, '192.0.2.60', { cookie })).json().data.counted,
        );
      }
      expect(counted).toEqual([true, true, true, false, false, false]);
      expect(
        (await post(`/wave/logview/${target.wave_name}`, {}, other.auth)).body.data.counted,
      ).toBe(true);
      // A forged device id is no device id: the address counts, and it has counted.
      const forged = await viewAs(target.wave_name, '192.0.2.61', {
        cookie: 'waves_device=AAAAAAAAAAAAAAAA.forged',
      });
      expect(forged.json().data.counted).toBe(true);
      expect(deviceCookieOf(forged)).not.toContain('AAAAAAAAAAAAAAAA');
      expect((await waveRow(target.wave_name))?.views_count).toBe(5);
    });

    it('accepts an empty JSON body, as the spec’s client may send', async () => {
      const wave = await newWave();
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/v1/wave/logview/${wave.wave_name}`,
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(reply.statusCode).toBe(200);
    });

    it('counts concurrent views of one viewer once', async () => {
      const wave = await newWave();
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => post(`/wave/logview/${wave.wave_name}`, {}, other.auth)),
      );
      expect(replies.filter((reply) => reply.body.data.counted)).toHaveLength(1);
      expect((await waveRow(wave.wave_name))?.views_count).toBe(1);
    });

    it('answers 404 for an unknown wave', async () => {
      expect((await post('/wave/logview/nosuchwave')).status).toBe(404);
    });
  });

  describe('like', () => {
    it('refuses anonymous callers with "must be signed in"', async () => {
      const wave = await newWave();
      const reply = await post(`/wave/like/${wave.wave_name}`, { isliked: true });
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ success: false, message: 'must be signed in' });
    });

    it('counts one like per user and adds to the author’s karma', async () => {
      const wave = await newWave();
      const karma = (await userRow(owner.userId)).total_likes_count;
      const first = await post(`/wave/like/${wave.wave_name}`, { isliked: true }, other.auth);
      expect(first.body.data).toEqual({ likes_count: 1, user_has_liked: true });
      const again = await post(`/wave/like/${wave.wave_name}`, { isliked: true }, other.auth);
      expect(again.body.data).toEqual({ likes_count: 1, user_has_liked: true });
      const concurrent = await Promise.all(
        Array.from({ length: 5 }, () =>
          post(`/wave/like/${wave.wave_name}`, { isliked: true }, admin.auth),
        ),
      );
      expect(concurrent.every((reply) => reply.status === 200)).toBe(true);
      const row = await waveRow(wave.wave_name);
      expect(row?.likes_count).toBe(2);
      expect((await userRow(owner.userId)).total_likes_count).toBe(karma + 2);
      expect(row?.trending_score).toBeCloseTo(
        trendingScore({ likes: 2, views: 0, createdAt: row?.created_at ?? 0 }),
        9,
      );
    });

    it('answers a bad body with a 400 field error', async () => {
      const wave = await newWave();
      const reply = await post(`/wave/like/${wave.wave_name}`, { isliked: 'yes' }, other.auth);
      expect(reply.status).toBe(400);
      expect(reply.body.formFieldErrorMessages).toEqual({ isliked: 'isliked must be true' });
    });
  });

  describe('metadata', () => {
    it('reads the spec’s fields as the first item of a list, uncached', async () => {
      const wave = await newWave('metadata wave');
      const { status, body, headers } = await get(`/wave/metadata/${wave.wave_name}`);
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('no-store');
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({
        wave_name: wave.wave_name,
        title: 'metadata wave',
        // Suggestions from the wave's own facts (server/services/title-suggestions.ts).
        ai_headlines: ['A 1-second message from @wave-owner', '@wave-owner in #general'],
        description: '',
        team_name: 'wave-owner',
        channel_id: await channelIdOf(t, 'general'),
        duration: 1,
        published: true,
        user_id: owner.userId,
        username: 'wave-owner',
        can_edit: false,
        is_sponsored: false,
        sponsor_name: null,
        sponsor_logo: null,
      });
      expect(
        (await get(`/wave/metadata/${wave.wave_name}`, owner.auth)).body.data[0].can_edit,
      ).toBe(true);
      expect((await get('/wave/metadata/nosuchwave')).status).toBe(404);
    });

    it('shows a draft to its owner only', async () => {
      const draft = await t.services.wavePublisher.createWave({
        userId: owner.userId,
        channelId: await channelIdOf(t, 'general'),
        title: 'draft',
      });
      expect((await get(`/wave/metadata/${draft.wave_name}`)).status).toBe(404);
      expect((await get(`/wave/metadata/${draft.wave_name}`, other.auth)).status).toBe(404);
      const mine = await get(`/wave/metadata/${draft.wave_name}`, owner.auth);
      expect(mine.body.data[0]).toMatchObject({ published: false, title: 'draft' });
    });

    it('lets only the owner or an admin change the title', async () => {
      const wave = await newWave('original');
      const rename = (title: string, headers: Record<string, string> = {}) =>
        post(`/wave/metadata/${wave.wave_name}`, { title }, headers);
      const anonymous = await rename('by anonymous');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe('must be signed in');
      expect((await rename('by other', other.auth)).status).toBe(403);
      const byOwner = await rename('  by owner  ', owner.auth);
      expect(byOwner.status).toBe(200);
      expect(byOwner.body.data[0].title).toBe('by owner');
      expect((await rename('by flag admin', admin.auth)).status).toBe(200);
      expect((await rename('by listed admin', listAdmin.auth)).status).toBe(200);
      expect((await waveRow(wave.wave_name))?.title).toBe('by listed admin');
    });

    it('checks the title: required, 3 to 55 characters, with the spec’s messages', async () => {
      const wave = await newWave();
      const cases: [unknown, string][] = [
        [undefined, 'Title is required.'],
        ['', 'Title is required.'],
        ['   ', 'Title is required.'],
        ['ab', 'Title must be at least 3 characters.'],
        ['x'.repeat(56), 'Title must be at most 55 characters.'],
        [42, 'Title is required.'],
      ];
      for (const [title, message] of cases) {
        const reply = await post(`/wave/metadata/${wave.wave_name}`, { title }, owner.auth);
        expect(reply.status, String(title)).toBe(400);
        expect(reply.body.formFieldErrorMessages.title, String(title)).toBe(message);
      }
      const ok = await post(
        `/wave/metadata/${wave.wave_name}`,
        { title: 'x'.repeat(55) },
        owner.auth,
      );
      expect(ok.status).toBe(200);
    });
  });

  describe('delete', () => {
    it('lets only the owner or an admin delete, with confirm=delete', async () => {
      const waves = await Promise.all([newWave('d1'), newWave('d2'), newWave('d3')]);
      const remove = (name: string, headers: Record<string, string>, confirm = 'delete') =>
        post(`/wave/delete/${name}`, { confirm }, headers);
      const [first, second, third] = waves.map((wave) => wave.wave_name) as [
        string,
        string,
        string,
      ];
      const anonymous = await remove(first, {});
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe('must be signed in');
      expect((await remove(first, other.auth)).status).toBe(403);
      const unconfirmed = await remove(first, owner.auth, 'yes');
      expect(unconfirmed.status).toBe(400);
      expect(unconfirmed.body.formFieldErrorMessages).toEqual({
        confirm: 'Type delete to confirm.',
      });
      expect(await waveRow(first)).toBeDefined();
      expect((await remove(first, owner.auth)).body.data).toEqual({
        wave_name: first,
        deleted_waves: 1,
      });
      expect((await remove(second, admin.auth)).status).toBe(200);
      expect((await remove(third, listAdmin.auth)).status).toBe(200);
      for (const name of [first, second, third]) expect(await waveRow(name)).toBeUndefined();
      expect((await remove(first, owner.auth)).status).toBe(404);
    });

    it('removes replies, likes, views and media, and corrects the counters', async () => {
      const channel = 'deletions';
      await insertChannel(t, channel);
      t.clock.advance(60_000);
      const earlier = await newWave('earlier', owner.userId, channel);
      t.clock.advance(60_000);
      const head = await newWave('head', owner.userId, channel);
      t.clock.advance(60_000);
      const reply = await publishWave(t, tone, {
        userId: other.userId,
        inReplyToWaveName: head.wave_name,
        title: 'reply',
      });
      await post(`/wave/like/${head.wave_name}`, { isliked: true }, other.auth);
      await post(`/wave/like/${reply.wave_name}`, { isliked: true }, owner.auth);
      await post(`/wave/logview/${head.wave_name}`, {}, other.auth);
      const before = await channelRow(channel);
      expect(before.wave_count).toBe(3);
      expect(before.latest_wave_created).toBe((await waveRow(reply.wave_name))?.created_at);
      const ownerKarma = (await userRow(owner.userId)).total_likes_count;
      const otherKarma = (await userRow(other.userId)).total_likes_count;
      const media = path.join(t.dataDir, 'media');
      const headFile = path.join(media, head.key);
      const replyFile = path.join(media, reply.key);
      expect(existsSync(headFile) && existsSync(replyFile)).toBe(true);

      const result = await post(
        `/wave/delete/${head.wave_name}`,
        { confirm: 'delete' },
        owner.auth,
      );
      expect(result.body.data.deleted_waves).toBe(2);
      expect(await waveRow(reply.wave_name)).toBeUndefined();
      expect(existsSync(headFile) || existsSync(replyFile)).toBe(false);
      expect(existsSync(path.dirname(headFile))).toBe(false);
      const likes = await t.db.kysely.selectFrom('wave_likes').selectAll().execute();
      const views = await t.db.kysely.selectFrom('wave_views').selectAll().execute();
      const gone = new Set([head.id, reply.id]);
      expect(likes.some((like) => gone.has(like.wave_id))).toBe(false);
      expect(views.some((view) => gone.has(view.wave_id))).toBe(false);
      const after = await channelRow(channel);
      expect(after.wave_count).toBe(1);
      expect(after.latest_wave_created).toBe((await waveRow(earlier.wave_name))?.created_at);
      expect((await userRow(owner.userId)).total_likes_count).toBe(ownerKarma - 1);
      expect((await userRow(other.userId)).total_likes_count).toBe(otherKarma - 1);
    });

    it('deleting a reply lowers its parent’s reply count', async () => {
      const head = await newWave('parent');
      const reply = await publishWave(t, tone, {
        userId: other.userId,
        inReplyToWaveName: head.wave_name,
        title: 'child',
      });
      expect((await waveRow(head.wave_name))?.reply_count).toBe(1);
      await post(`/wave/delete/${reply.wave_name}`, { confirm: 'delete' }, other.auth);
      expect((await waveRow(head.wave_name))?.reply_count).toBe(0);
    });
  });
});

describeEachDatabase('trending', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('orders a fixed data set by engagement and age, likes weighing three views', async () => {
    const author = await createListener(t, 'trend-author');
    const fans = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createListener(t, `fan-${i}`)),
    );
    const hour = 3_600_000;
    const start = t.clock.now();
    // Created at: old (t0), middle (t0 + 12.5 h), new (t0 + 25 h), newest (t0 + 25 h + 1 s).
    const at = async (offset: number, title: string) => {
      t.clock.set(start + offset);
      return publishWave(t, tone, { userId: author.userId, channel: 'general', title });
    };
    const old = await at(0, 'old');
    const middle = await at(12.5 * hour, 'middle');
    await at(25 * hour, 'new');
    await at(25 * hour + 1000, 'newest');
    t.clock.set(start + 26 * hour);
    const like = (name: string, fan: Listener) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/wave/like/${name}`,
        headers: fan.auth,
        payload: { isliked: true },
      });
    // middle: 10 likes → engagement 30 → log10 ≈ 1.48, age +1 → ≈ 2.48 (+ base).
    for (const fan of fans.slice(0, 10)) await like(middle.wave_name, fan);
    // old: 12 likes + 54 views → 90 → log10 ≈ 1.95, age 0 → ≈ 1.95 (+ base).
    for (const fan of fans) await like(old.wave_name, fan);
    for (let i = 0; i < 54; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/wave/logview/${old.wave_name}`,
        remoteAddress: `10.54.${i}.1`,
      });
    }
    // new and newest: no engagement → 0, age +2 → 2.0 (+ base); newest a second younger.
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wave/wavelistpublictrending/en',
    });
    const titles = (reply.json().data as { title: string }[]).map((w) => w.title);
    expect(titles).toEqual(['middle', 'newest', 'new', 'old']);
    const scores = await t.db.kysely
      .selectFrom('waves')
      .select(['wave_name', 'trending_score', 'likes_count', 'views_count', 'created_at'])
      .execute();
    for (const row of scores) {
      expect(row.trending_score).toBeCloseTo(
        trendingScore({
          likes: row.likes_count,
          views: row.views_count,
          createdAt: row.created_at,
        }),
        9,
      );
    }
    // Paging by cursor continues exactly where the first page ended.
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wave/wavelistpublictrending/en?limit=2',
    });
    const cursor = first.json().data[1].cursor;
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wave/wavelistpublictrending/en?limit=2&after=${cursor}`,
    });
    expect(second.json().data.map((w: { title: string }) => w.title)).toEqual(['new', 'old']);
  });
});
