import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waveListReplySchema } from '../../src/api/contract/wave.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import {
  channelIdOf,
  createListener,
  insertChannel,
  makeTone,
  publishWave,
  subscribe,
  type Listener,
} from '../helpers/waves.ts';

const audioDir = mkdtempSync(path.join(tmpdir(), 'waves-audio-'));
const tone = makeTone(audioDir);
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

describeEachDatabase('wave lists', (dialect) => {
  let t: TestApp;
  let ada: Listener;
  let ben: Listener;
  let cleo: Listener;
  const names: Record<string, string> = {};

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const reply = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
    return { status: reply.statusCode, body: reply.json(), headers: reply.headers };
  };
  const titlesOf = (body: { data: { title: string }[] }) => body.data.map((w) => w.title);

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SITE_NAME: 'Waves' } });
    ada = await createListener(t, 'ada-lovelace', { displayname: 'Ada' });
    ben = await createListener(t, 'ben-franklin');
    cleo = await createListener(t, 'cleo-patra');
    await insertChannel(t, 'podcasts');
    await insertChannel(t, 'waves'); // the product channel (SITE_NAME, any case)
    await insertChannel(t, 'secret-club', { chatgroup: true });

    const publish = async (key: string, input: Parameters<typeof publishWave>[2]) => {
      t.clock.advance(60_000);
      const wave = await publishWave(t, tone, { title: key, ...input });
      names[key] = wave.wave_name;
      return wave;
    };
    await publish('ada one', { userId: ada.userId, channel: 'general' });
    await publish('ben one', { userId: ben.userId, channel: 'podcasts' });
    await publish('ada zwei', { userId: ada.userId, channel: 'allgemein' });
    await publish('product news', { userId: ada.userId, channel: 'waves' });
    await publish('club talk', { userId: ada.userId, channel: 'secret-club' });
    await publish('ben reply', { userId: ben.userId, inReplyToWaveName: names['ada one'] });
    // Created but never published (an upload that did not finish).
    t.clock.advance(60_000);
    names['unfinished'] = (
      await t.services.wavePublisher.createWave({
        userId: ada.userId,
        channelId: await channelIdOf(t, 'general'),
        title: 'unfinished',
      })
    ).wave_name;
    await publish('cleo one', { userId: cleo.userId, channel: 'general' });
  });
  afterAll(() => t.close());

  it('lists the newest public waves of a language with every field of a list item', async () => {
    const { status, body, headers } = await get('/wave/wavelistpublicnewest/en?x=123');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('private, no-cache');
    expect(waveListReplySchema.parse(body).success).toBe(true);
    expect(titlesOf(body)).toEqual(['cleo one', 'ben reply', 'ben one', 'ada one']);
    const item = body.data.find((w: { title: string }) => w.title === 'ada one');
    expect(item).toMatchObject({
      wave_name: names['ada one'],
      username: 'ada-lovelace',
      displayname: 'Ada',
      user_id: ada.userId,
      team_id: ada.homeTeamId,
      channel_name: 'general',
      duration: 1,
      approx_views_count: 0,
      approx_likes_count: 0,
      likes_count: 0,
      user_has_liked: false,
      user_has_viewed: false,
      is_sponsored: false,
      sponsor_name: null,
      sponsor_logo: null,
      in_reply_to_wave_name: null,
      reply_count: 1,
      avatar_version: null,
    });
    expect(new Date(item.created).toISOString()).toBe(item.created);
    expect(item.created_epoch_day).toBe(Math.floor(Date.parse(item.created) / 86_400_000));
    const reply = body.data.find((w: { title: string }) => w.title === 'ben reply');
    expect(reply.in_reply_to_wave_name).toBe(names['ada one']);
  });

  it('keeps chat-group, unpublished and product-channel waves out of every list', async () => {
    const lists = [
      '/wave/wavelistpublicnewest/en',
      '/wave/wavelistpublictrending/en',
      '/wave/wavelistpublicbyusername/ada-lovelace',
      `/wave/wavelistpublicfollowing/${cleo.userId}`,
    ];
    await subscribe(t, cleo.userId, ada.homeTeamId);
    for (const url of lists) {
      const titles = titlesOf((await get(url)).body);
      expect(titles, url).not.toContain('club talk');
      expect(titles, url).not.toContain('product news');
      expect(titles, url).not.toContain('unfinished');
    }
    expect((await get('/wave/wavelistpublicbychannelname/Waves')).body.data).toEqual([]);
    expect((await get('/wave/wavelistpublicbychannelname/secret-club')).status).toBe(404);
  });

  it('lists German waves under de only', async () => {
    expect(titlesOf((await get('/wave/wavelistpublicnewest/de')).body)).toEqual(['ada zwei']);
    expect(titlesOf((await get('/wave/wavelistpublictrending/de')).body)).toEqual(['ada zwei']);
  });

  it('lists a user’s waves by username, case-insensitively', async () => {
    const { body } = await get('/wave/wavelistpublicbyusername/Ada-Lovelace');
    expect(titlesOf(body)).toEqual(['ada zwei', 'ada one']);
    expect((await get('/wave/wavelistpublicbyusername/nobody-here')).status).toBe(404);
  });

  it('lists a channel’s waves by name', async () => {
    const { body } = await get('/wave/wavelistpublicbychannelname/general');
    expect(titlesOf(body)).toEqual(['cleo one', 'ben reply', 'ada one']);
    expect((await get('/wave/wavelistpublicbychannelname/nope')).status).toBe(404);
  });

  it('lists the waves of followed users only', async () => {
    const before = await get(`/wave/wavelistpublicfollowing/${ben.userId}`);
    expect(before.body.data).toEqual([]);
    await subscribe(t, ben.userId, cleo.homeTeamId);
    await subscribe(t, ben.userId, ada.homeTeamId);
    const { body } = await get(`/wave/wavelistpublicfollowing/${ben.userId}`);
    expect(titlesOf(body)).toEqual(['cleo one', 'ada zwei', 'ada one']);
    const page = await get(`/wave/wavelistpublicfollowing/${ben.userId}?limit=2`);
    expect(titlesOf(page.body)).toEqual(['cleo one', 'ada zwei']);
    const next = await get(
      `/wave/wavelistpublicfollowing/${ben.userId}?limit=2&after=${page.body.data[1].cursor}`,
    );
    expect(titlesOf(next.body)).toEqual(['ada one']);
    expect((await get('/wave/wavelistpublicfollowing/999999')).status).toBe(404);
  });

  it('shows a thread: the wave and its replies, also when asked by a reply', async () => {
    const { status, body } = await get(`/wave/thread/${names['ada one']}`);
    expect(status).toBe(200);
    expect(body.data.wave.title).toBe('ada one');
    expect(body.data.replies.map((w: { title: string }) => w.title)).toEqual(['ben reply']);
    const byReply = await get(`/wave/thread/${names['ben reply']}`);
    expect(byReply.body.data.wave.wave_name).toBe(names['ada one']);
    expect((await get('/wave/thread/doesnotexist')).status).toBe(404);
    expect((await get(`/wave/thread/${names['club talk']}`)).status).toBe(404);
    // Not published yet: no thread, though the row exists.
    expect((await get(`/wave/thread/${names['unfinished']}`)).status).toBe(404);
  });

  it('marks what the caller liked and listened to', async () => {
    const wave = names['ben one'];
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/wave/like/${wave}`,
      headers: ada.auth,
      payload: { isliked: true },
    });
    await t.app.inject({ method: 'POST', url: `/api/v1/wave/logview/${wave}`, headers: ada.auth });
    const mine = (await get('/wave/wavelistpublicnewest/en', ada.auth)).body.data.find(
      (w: { wave_name: string }) => w.wave_name === wave,
    );
    expect(mine).toMatchObject({ user_has_liked: true, user_has_viewed: true, likes_count: 1 });
    const theirs = (await get('/wave/wavelistpublicnewest/en', ben.auth)).body.data.find(
      (w: { wave_name: string }) => w.wave_name === wave,
    );
    expect(theirs).toMatchObject({ user_has_liked: false, user_has_viewed: false });
    // A guest is recognised by the device id its first view brought it.
    const viewed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wave/logview/${wave}`,
      remoteAddress: '10.30.0.1',
    });
    const device = viewed.cookies.find((cookie) => cookie.name === 'waves_device');
    const anonymous = { cookie: `waves_device=${device?.value}` };
    const seen = (await get('/wave/wavelistpublicnewest/en', anonymous)).body.data.find(
      (w: { wave_name: string }) => w.wave_name === wave,
    );
    expect(seen.user_has_viewed).toBe(true);
    const other = (await get('/wave/wavelistpublicnewest/en', { 'user-agent': 'other/2' })).body
      .data;
    expect(other.find((w: { wave_name: string }) => w.wave_name === wave).user_has_viewed).toBe(
      false,
    );
  });

  it('answers bad list input with a 400 field error, never a 500', async () => {
    const cases: [string, string][] = [
      ['/wave/wavelistpublicnewest/fr', 'language_code'],
      ['/wave/wavelistpublicnewest/en?limit=0', 'limit'],
      ['/wave/wavelistpublicnewest/en?limit=101', 'limit'],
      ['/wave/wavelistpublicnewest/en?limit=abc', 'limit'],
      ['/wave/wavelistpublicnewest/en?after=%3Cscript%3E', 'after'],
      ['/wave/wavelistpublicnewest/en?after=zzzzzzzzzzzzzzzzzzzz', 'after'],
      ['/wave/wavelistpublictrending/en?after=12', 'after'],
      ['/wave/wavelistpublicfollowing/abc', 'user_id'],
      ['/wave/wavelistpublicfollowing/-1', 'user_id'],
      ['/wave/wavelistpublicfollowing/99999999999', 'user_id'],
      ['/wave/wavelistpublicnewest/en?after=zzzzzzz', 'after'],
      ['/wave/thread/a%20b', 'wave_name'],
    ];
    for (const [url, field] of cases) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body.success, url).toBe(false);
      expect(Object.keys(body.formFieldErrorMessages), url).toContain(field);
    }
  });
});

describeEachDatabase('wave list pagination', (dialect) => {
  let t: TestApp;
  let author: Listener;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await createListener(t, 'pager-author');
    for (let i = 0; i < 25; i += 1) {
      await publishWave(t, tone, { userId: author.userId, channel: 'general', title: `w${i}` });
    }
  });
  afterAll(() => t.close());

  async function walk(url: string, limit: number, during?: (page: number) => Promise<void>) {
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const query = `limit=${limit}${after ? `&after=${after}` : ''}`;
      const reply = await t.app.inject({ method: 'GET', url: `/api/v1${url}?${query}` });
      const items = reply.json().data as { wave_name: string; cursor: string }[];
      seen.push(...items.map((item) => item.wave_name));
      if (items.length < limit) break;
      after = items.at(-1)?.cursor;
      await during?.(page);
    }
    return seen;
  }

  for (const list of ['newest', 'trending', 'channel', 'user', 'following'] as const) {
    it(`pages the ${list} list without gaps or repeats while waves arrive`, async () => {
      const follower = await createListener(t, `follower-${list}`);
      await subscribe(t, follower.userId, author.homeTeamId);
      const url = {
        newest: '/wave/wavelistpublicnewest/en',
        trending: '/wave/wavelistpublictrending/en',
        channel: '/wave/wavelistpublicbychannelname/general',
        user: '/wave/wavelistpublicbyusername/pager-author',
        following: `/wave/wavelistpublicfollowing/${follower.userId}`,
      }[list];
      const before = await walk(url, 100);
      const arrived: string[] = [];
      const seen = await walk(url, 4, async () => {
        // New waves land at the top while the client scrolls down.
        t.clock.advance(1000);
        const wave = await publishWave(t, tone, {
          userId: author.userId,
          channel: 'general',
          title: `new ${list}`,
        });
        arrived.push(wave.wave_name);
      });
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(before);
      expect(arrived.length).toBeGreaterThan(3);
      const after = await walk(url, 100);
      expect(after.slice(0, arrived.length).sort()).toEqual([...arrived].sort());
    });
  }

  it('pages the replies of a thread', async () => {
    const head = await publishWave(t, tone, {
      userId: author.userId,
      channel: 'general',
      title: 'thread head',
    });
    const replies: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const reply = await publishWave(t, tone, {
        userId: author.userId,
        inReplyToWaveName: head.wave_name,
        title: `reply ${i}`,
      });
      replies.push(reply.wave_name);
    }
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wave/thread/${head.wave_name}?limit=3`,
    });
    const page1 = first.json().data.replies as { wave_name: string; cursor: string }[];
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wave/thread/${head.wave_name}?limit=3&after=${page1.at(-1)?.cursor}`,
    });
    const page2 = second.json().data.replies as { wave_name: string }[];
    expect([...page1, ...page2].map((w) => w.wave_name)).toEqual(replies);
  });
});

describe('list limits', () => {
  it('defaults to 30 items and caps at 100', async () => {
    const { waveListQuerySchema } = await import('../../src/api/contract/wave.ts');
    expect(waveListQuerySchema.parse({}).limit).toBe(30);
    expect(waveListQuerySchema.safeParse({ limit: '100' }).success).toBe(true);
    expect(waveListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
