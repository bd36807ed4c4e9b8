import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../server/seed/demo.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

describeEachDatabase('demo seed', (dialect) => {
  let t: TestApp;
  const messages: string[] = [];
  const log = { info: (m: string) => messages.push(m), warn: (m: string) => messages.push(m) };

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('is not run by tests on its own', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wave/wavelistpublicnewest/en',
    });
    expect(reply.json().data).toEqual([]);
  });

  it('creates people, channels and waves with real speech, once', { timeout: 60_000 }, async () => {
    const result = await seedDemo(t.services, log);
    expect(result).toMatchObject({
      status: 'seeded',
      users: 5,
      channels: 5,
      waves: 14,
      products: 4,
    });
    expect(messages.at(-1)).toMatch(/^demo data: 5 users, 5 channels, 14 waves/);

    const en = await t.app.inject({ method: 'GET', url: '/api/v1/wave/wavelistpublicnewest/en' });
    const de = await t.app.inject({ method: 'GET', url: '/api/v1/wave/wavelistpublicnewest/de' });
    const waves = [...en.json().data, ...de.json().data];
    expect(waves).toHaveLength(14);
    expect(waves.some((wave) => wave.likes_count > 0)).toBe(true);
    expect(waves.some((wave) => wave.approx_views_count > 0)).toBe(true);
    expect(waves.filter((wave) => wave.in_reply_to_wave_name !== null)).toHaveLength(2);
    for (const wave of waves) {
      expect(wave.duration).toBeGreaterThan(1);
      const file = path.join(
        t.dataDir,
        'media',
        `audio/${wave.channel_id}/${wave.created_epoch_day}/${wave.wave_name}/${wave.channel_id}_${wave.wave_name}.mp3`,
      );
      expect(existsSync(file)).toBe(true);
    }
    const lena = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('username_lower', '=', 'lena-berlin')
      .executeTakeFirstOrThrow();
    expect(lena).toMatchObject({ displayname: 'Lena Schmidt', usercountrycode: 'DE' });
    expect(lena.followers_count).toBe(1);
    // Demo people have pictures of their own, not the fallback avatar and preset banner.
    expect(lena.avatar_version).toMatch(/^[a-f0-9]{12}$/);
    expect(lena.cover_version).toMatch(/^[a-f0-9]{12}$/);
    const avatar = await t.app.inject({ method: 'GET', url: `/media/avatars/${lena.id}/128.webp` });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers.etag).toBe(`"a${lena.avatar_version}-128"`);
    const cover = await t.app.inject({ method: 'GET', url: `/media/covers/${lena.id}.webp` });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers.etag).toBe(`"c${lena.cover_version}"`);
    const trending = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wave/wavelistpublictrending/en',
    });
    expect(trending.json().data).toHaveLength(10);

    // The treasure hunt has products with their pictures, three falling and one sold.
    const products = await t.app.inject({
      method: 'GET',
      url: '/api/v1/treasurehunt/listproducts',
    });
    const listed = products.json().data[0].listproducts as {
      images: { full: string; thumb: string }[];
      current_price_details: { auction_state: string };
    }[];
    expect(listed.map((product) => product.current_price_details.auction_state).sort()).toEqual([
      'falling',
      'falling',
      'falling',
      'sold',
    ]);
    for (const product of listed) {
      expect(product.images).toHaveLength(3);
      const picture = await t.app.inject({ method: 'GET', url: product.images[1]!.full });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
    }

    expect((await seedDemo(t.services, log)).status).toBe('already-seeded');
  });
});
