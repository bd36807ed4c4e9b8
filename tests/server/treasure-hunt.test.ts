import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { profileMessages, treasureHuntMessages as m } from '../../src/api/contract/constants.ts';
import type { PriceRecord, Product } from '../../src/api/contract/treasurehunt.ts';
import { productsRepository } from '../../server/db/repositories/products-repository.ts';
import { createMember, multipart, type Member } from '../helpers/members.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

const png = (width: number, height: number, shade: number) =>
  sharp({
    create: { width, height, channels: 3, background: { r: shade, g: 120, b: 255 - shade } },
  })
    .png()
    .toBuffer();

const SECOND = 1000;

describeEachDatabase('treasure hunt', (dialect) => {
  let t: TestApp;
  let seller: Member;
  let buyer: Member;
  let images: Record<string, { data: Uint8Array; filename: string; type: string }>;

  const fields = (overrides: Record<string, string> = {}) => ({
    headline: 'Brass ship lantern',
    description: 'Found in the attic; works with a candle.',
    location: 'Hobart, Tasmania',
    category: 'antiques',
    start_price: '100',
    floor_price: '40',
    step_amount: '10',
    step_seconds: '60',
    ...overrides,
  });

  async function listProduct(
    member: Member | null,
    values: Record<string, string> = fields(),
    files = images,
  ) {
    const body = await multipart(values, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/treasurehunt/newproduct',
      payload: body.payload,
      headers: { ...body.headers, ...(member ? member.auth : {}) },
    });
  }

  async function newProduct(values: Record<string, string> = fields()): Promise<Product> {
    const reply = await listProduct(seller, values);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data as Product;
  }

  const buy = (member: Member | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/treasurehunt/buyproduct',
      payload: payload as Record<string, unknown>,
      headers: member ? member.auth : {},
    });

  const latestPrice = async (productId: number): Promise<PriceRecord> => {
    const reply = await t.app.inject({
      method: 'GET',
      url: `/api/v1/treasurehunt/getlatestprice?product_id=${productId}&t=${Date.now()}`,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    return reply.json().data[0].getlatestprice as PriceRecord;
  };

  const productRow = (id: number) =>
    t.db.kysely.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    seller = await createMember(t, 'seller00001', { displayname: 'Sally' });
    buyer = await createMember(t, 'buyer000001');
    images = {
      image1: { data: await png(800, 600, 10), filename: 'front.png', type: 'image/png' },
      image2: { data: await png(600, 800, 90), filename: 'side.png', type: 'image/png' },
      image3: { data: await png(64, 64, 200), filename: 'detail.png', type: 'image/png' },
    };
  });
  afterAll(() => t.close());
  // Each test in a fresh hour: the seller lists at most 10 products an hour.
  beforeEach(() => t.clock.advance(60 * 60 * SECOND));

  it('lists a product with three images and shows it with its falling price', async () => {
    const product = await newProduct();
    expect(product).toMatchObject({
      headline: 'Brass ship lantern',
      location: 'Hobart, Tasmania',
      category: 'antiques',
      currency: 'AUD',
      username: 'seller00001',
      seller_displayname: 'Sally',
      start_price: 100,
      floor_price: 40,
      step_amount: 10,
      step_seconds: 60,
      sold_price: null,
      is_mine: true,
      current_price_details: {
        current_price: 100,
        auction_state: 'falling',
        is_price_at_bottom: false,
        previous_price: null,
        seconds_to_next_change: 60,
      },
    });
    expect(product.images).toHaveLength(3);
    for (const image of product.images) {
      for (const url of [image.thumb, image.full]) {
        const reply = await t.app.inject({ method: 'GET', url });
        expect(reply.statusCode).toBe(200);
        expect(reply.headers['content-type']).toBe('image/webp');
        expect(reply.headers['cache-control']).toContain('immutable');
      }
    }
    const thumb = await t.app.inject({ method: 'GET', url: product.images[0]?.thumb ?? '' });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 400, height: 400 });
    const full = await t.app.inject({ method: 'GET', url: product.images[0]?.full ?? '' });
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 800, height: 600 });

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/treasurehunt/listproducts' });
    expect(list.headers['cache-control']).toBe('private, no-cache');
    const listed = list.json().data[0].listproducts as Product[];
    expect(listed.map((item) => item.id)).toContain(product.id);
    // Seen by someone else: not theirs.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/treasurehunt/product/${product.id}`,
      headers: buyer.auth,
    });
    expect(page.json().data).toMatchObject({ id: product.id, is_mine: false });
  });

  it('computes the price from the schedule and the clock, stopping at the floor', async () => {
    const product = await newProduct();
    t.clock.advance(59 * SECOND);
    expect(await latestPrice(product.id)).toMatchObject({
      current_price: 100,
      seconds_to_next_change: 1,
    });
    t.clock.advance(1 * SECOND);
    expect(await latestPrice(product.id)).toMatchObject({
      current_price: 90,
      previous_price: 100,
      seconds_since_change: 0,
      auction_state: 'falling',
    });
    t.clock.advance(125 * SECOND);
    expect(await latestPrice(product.id)).toMatchObject({
      current_price: 70,
      previous_price: 80,
      seconds_since_change: 5,
      seconds_to_next_change: 55,
    });
    t.clock.advance(10 * 60 * SECOND);
    expect(await latestPrice(product.id)).toMatchObject({
      current_price: 40,
      previous_price: 50,
      auction_state: 'at_bottom',
      is_price_at_bottom: true,
      seconds_to_next_change: null,
    });
    // Nothing stored it: the row still holds only the schedule.
    const row = await productRow(product.id);
    expect(row).toMatchObject({ state: 'open', sold_price_cents: null, start_price_cents: 10000 });
  });

  it('sells to a buyer at or above the current price, who pays the current price', async () => {
    const product = await newProduct();
    t.clock.advance(2 * 60 * SECOND); // 80 now
    const low = await buy(buyer, {
      product_id: product.id,
      purchase_price: 79.99,
      user_id: buyer.userId,
    });
    expect(low.statusCode).toBe(409);
    expect(low.json()).toMatchObject({
      success: false,
      message: m.priceBelowCurrent,
      formGeneralErrorMessages: [m.priceBelowCurrent],
    });

    const reply = await buy(buyer, {
      product_id: product.id,
      purchase_price: 85,
      user_id: buyer.userId,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      success: true,
      message: m.purchased,
      data: { product_id: product.id, purchase_price: 80, currency: 'AUD' },
    });
    expect(await latestPrice(product.id)).toMatchObject({
      current_price: 80,
      auction_state: 'sold',
      is_price_at_bottom: true,
      seconds_to_next_change: null,
    });

    const again = await buy(buyer, {
      product_id: product.id,
      purchase_price: 85,
      user_id: buyer.userId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().formGeneralErrorMessages).toEqual([m.alreadySold]);

    const asBuyer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/treasurehunt/product/${product.id}`,
      headers: buyer.auth,
    });
    expect(asBuyer.json().data).toMatchObject({
      bought_by_me: true,
      sold_price: 80,
      buyer_username: 'buyer000001',
    });
    const asStranger = await t.app.inject({
      method: 'GET',
      url: `/api/v1/treasurehunt/product/${product.id}`,
    });
    expect(asStranger.json().data).toMatchObject({ bought_by_me: false, buyer_username: null });
    const sold = await t.app.inject({
      method: 'GET',
      url: '/api/v1/treasurehunt/listproducts?filter=sold',
    });
    expect((sold.json().data[0].listproducts as Product[]).map((item) => item.id)).toContain(
      product.id,
    );
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/v1/treasurehunt/listproducts?filter=open',
    });
    expect((open.json().data[0].listproducts as Product[]).map((item) => item.id)).not.toContain(
      product.id,
    );
  });

  it('lets exactly one of 50 concurrent buyers win', async () => {
    const product = await newProduct();
    const buyers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        createMember(t, `racer${String(index).padStart(6, '0')}`),
      ),
    );
    const replies = await Promise.all(
      buyers.map((member) =>
        buy(member, { product_id: product.id, purchase_price: 100, user_id: member.userId }),
      ),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const reply of replies.filter((r) => r.statusCode === 409)) {
      expect(reply.json().formGeneralErrorMessages).toEqual([m.alreadySold]);
    }
    const winner = buyers[statuses.indexOf(200)];
    const row = await productRow(product.id);
    expect(row).toMatchObject({
      state: 'sold',
      buyer_user_id: winner?.userId,
      sold_price_cents: 10000,
    });
  });

  it('records exactly one of 50 concurrent sales of a product, never the seller’s', async () => {
    // The repository's conditional update alone, without the service's earlier checks.
    const product = await newProduct();
    const buyers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        createMember(t, `direct${String(index).padStart(6, '0')}`),
      ),
    );
    const sales = productsRepository(t.db.kysely);
    expect(
      await sales.markSold({
        productId: product.id,
        buyerUserId: seller.userId,
        priceCents: 1,
        at: t.clock.now(),
      }),
    ).toBe(false);
    const won = await Promise.all(
      buyers.map((member) =>
        sales.markSold({
          productId: product.id,
          buyerUserId: member.userId,
          priceCents: 10_000,
          at: t.clock.now(),
        }),
      ),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await productRow(product.id)).toMatchObject({
      buyer_user_id: buyers[won.indexOf(true)]?.userId,
    });
  });

  it('refuses bad buy payloads with clear messages and writes nothing', async () => {
    const product = await newProduct();
    const cases: [unknown, number, string][] = [
      [{ product_id: product.id, purchase_price: -5, user_id: buyer.userId }, 400, m.priceTooLow],
      [
        { product_id: product.id, purchase_price: 'NaN', user_id: buyer.userId },
        400,
        m.priceInvalid,
      ],
      [
        { product_id: product.id, purchase_price: null, user_id: buyer.userId },
        400,
        m.priceInvalid,
      ],
      [
        { product_id: product.id, purchase_price: 1e12, user_id: buyer.userId },
        400,
        m.priceTooHigh,
      ],
      [
        { product_id: product.id, purchase_price: 100.001, user_id: buyer.userId },
        400,
        m.priceDecimals,
      ],
      [
        { product_id: product.id, purchase_price: 100, user_id: seller.userId },
        403,
        m.userIdMismatch,
      ],
      [{ product_id: product.id, purchase_price: 100 }, 400, m.userIdMismatch],
      [{ purchase_price: 100, user_id: buyer.userId }, 400, m.productIdRequired],
      [
        { product_id: 99_999_999, purchase_price: 100, user_id: buyer.userId },
        404,
        m.productNotFound,
      ],
      [{ product_id: 1e12, purchase_price: 100, user_id: buyer.userId }, 400, m.productNotFound],
    ];
    for (const [payload, status, message] of cases) {
      const reply = await buy(buyer, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(status);
      expect(reply.json().success).toBe(false);
      expect(reply.json().formGeneralErrorMessages, JSON.stringify(payload)).toContain(message);
    }
    const ownProduct = await buy(seller, {
      product_id: product.id,
      purchase_price: 100,
      user_id: seller.userId,
    });
    expect(ownProduct.statusCode).toBe(403);
    expect(ownProduct.json().formGeneralErrorMessages).toEqual([m.cannotBuyOwn]);
    const anonymous = await buy(null, { product_id: product.id, purchase_price: 100, user_id: 1 });
    expect(anonymous.statusCode).toBe(401);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/treasurehunt/buyproduct',
      payload: '<buy product="1"/>',
      headers: { ...buyer.auth, 'content-type': 'application/xml' },
    });
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json().formGeneralErrorMessages).toHaveLength(1);

    expect(await productRow(product.id)).toMatchObject({ state: 'open', buyer_user_id: null });
  });

  it('refuses bad listings field by field and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('products')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const mediaFiles = () => {
      const dir = path.join(t.dataDir, 'media', 'products');
      return existsSync(dir) ? readdirSync(dir).length : 0;
    };
    const before = { rows: await count(), files: mediaFiles() };

    const bad = await listProduct(
      seller,
      fields({
        headline: 'ab',
        location: ' ',
        category: 'weapons',
        start_price: '10',
        floor_price: '20',
        step_seconds: '5',
      }),
      {
        image1: images.image1 as (typeof images)['image1'],
        image2: {
          data: new TextEncoder().encode('not an image'),
          filename: 'x.png',
          type: 'image/png',
        },
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().formFieldErrorMessages).toEqual({
      headline: m.headlineTooShort,
      location: m.locationRequired,
      category: m.categoryInvalid,
      floor_price: m.floorAboveStart,
      step_seconds: m.stepSecondsInvalid,
      image2: profileMessages.imageType,
      image3: m.imagesRequired,
    });
    const steep = await listProduct(seller, fields({ step_amount: '70' }));
    expect(steep.json().formFieldErrorMessages).toEqual({ step_amount: m.stepTooLarge });
    const slow = await listProduct(seller, fields({ step_amount: '0.01', step_seconds: '604800' }));
    expect(slow.json().formFieldErrorMessages).toEqual({ step_amount: m.fallTooLong });
    const prices = await listProduct(seller, fields({ start_price: '12,345', floor_price: '-1' }));
    expect(prices.json().formFieldErrorMessages).toMatchObject({
      start_price: m.priceDecimals,
      floor_price: m.priceInvalid,
    });
    const anonymous = await listProduct(null);
    expect(anonymous.statusCode).toBe(401);

    expect({ rows: await count(), files: mediaFiles() }).toEqual(before);
    // German decimals and a fixed price (floor = start) are fine.
    const fixed = await newProduct(
      fields({ start_price: '12,50', floor_price: '12.5', step_amount: '1', currency: 'EUR' }),
    );
    expect(fixed).toMatchObject({
      currency: 'EUR',
      current_price_details: { current_price: 12.5, auction_state: 'at_bottom' },
    });
  });

  it('lets the seller withdraw an unsold product, which then cannot be bought', async () => {
    const product = await newProduct();
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/v1/treasurehunt/withdrawproduct',
      payload: { product_id: product.id },
      headers: buyer.auth,
    });
    expect(stranger.statusCode).toBe(403);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/treasurehunt/withdrawproduct',
      payload: { product_id: product.id },
      headers: seller.auth,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data.current_price_details.auction_state).toBe('withdrawn');
    const late = await buy(buyer, {
      product_id: product.id,
      purchase_price: 100,
      user_id: buyer.userId,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().formGeneralErrorMessages).toEqual([m.withdrawn]);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/treasurehunt/listproducts' });
    expect((list.json().data[0].listproducts as Product[]).map((item) => item.id)).not.toContain(
      product.id,
    );
  });

  it('answers unknown products and bad queries with clear errors', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/treasurehunt/getlatestprice?product_id=424242',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(m.productNotFound);
    const noId = await t.app.inject({ method: 'GET', url: '/api/v1/treasurehunt/getlatestprice' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().formFieldErrorMessages.product_id).toBe(m.productIdRequired);
    const badCursor = await t.app.inject({
      method: 'GET',
      url: '/api/v1/treasurehunt/listproducts?after=%27%3B',
    });
    expect(badCursor.statusCode).toBe(400);
  });

  it('limits a seller to 10 listings an hour', async () => {
    const attempts = [];
    for (let index = 0; index < 11; index++) {
      attempts.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/treasurehunt/newproduct',
          payload: fields(),
          headers: buyer.auth,
        }),
      );
    }
    expect(attempts.slice(0, 10).map((reply) => reply.statusCode)).toEqual(Array(10).fill(400));
    expect(attempts[10]?.statusCode).toBe(429);
    expect(attempts[10]?.headers['retry-after']).toBeDefined();
  });

  it('pages the product list newest first', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/treasurehunt/listproducts?limit=2',
    });
    const page = first.json().data[0].listproducts as Product[];
    expect(page).toHaveLength(2);
    expect(page[0]!.id).toBeGreaterThan(page[1]!.id);
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/v1/treasurehunt/listproducts?limit=2&after=${page[1]!.cursor}`,
    });
    const nextPage = next.json().data[0].listproducts as Product[];
    expect(nextPage[0]!.id).toBeLessThan(page[1]!.id);
  });
});

describeEachDatabase('test clock', (dialect) => {
  it('is moved by POST /testing/clock only where TEST_CLOCK is set', async () => {
    const plain = await createTestApp(dialect);
    try {
      const reply = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/testing/clock',
        payload: { advance_ms: 1000 },
      });
      expect(reply.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
    const testing = await createTestApp(dialect, { env: { TEST_CLOCK: 'true' } });
    try {
      const before = testing.clock.now();
      const reply = await testing.app.inject({
        method: 'POST',
        url: '/api/v1/testing/clock',
        payload: { advance_ms: 60_000 },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().data.now).toBe(before + 60_000);
      expect(testing.services.clock.now()).toBe(before + 60_000);
    } finally {
      await testing.close();
    }
  });
});
