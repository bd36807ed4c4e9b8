import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  PRODUCT_IMAGE_COUNT,
  treasureHuntMessages as m,
} from '../../../src/api/contract/constants.ts';
import {
  newProductFieldsSchema,
  PRODUCT_IMAGE_FIELDS,
  type AuctionState,
  type ListProductsQuery,
  type PriceRecord,
  type Product,
  type Purchase,
} from '../../../src/api/contract/treasurehunt.ts';
import type { Db } from '../../db/database.ts';
import {
  productsRepository,
  type ProductListRow,
  type ProductRow,
} from '../../db/repositories/products-repository.ts';
import type { Clock } from '../../kernel/clock.ts';
import { forbidden, invalid, mustBeSignedIn, notFound, Refusal } from '../../kernel/refusal.ts';
import { renderProductImage } from '../../media/listing-images.ts';
import { ImageRejected } from '../../media/profile-images.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { HOUR, MINUTE, type RateLimiter } from '../rate-limiter.ts';
import type { Viewer } from '../session-service.ts';
import { priceAt, type PriceSchedule } from './price-schedule.ts';

/** docs/product/limits.md "Rate limits". */
const limits = {
  listingsPerUser: { limit: 10, windowMs: HOUR },
  buysPerUser: { limit: 30, windowMs: MINUTE },
};

/** `products/{image_key}/{n}-{full|thumb}.webp`; the key is ours (16 hex digits). */
export const PRODUCT_IMAGE_KEY = /^[a-f0-9]{16}$/;
export const productImageKey = (imageKey: string, index: number, size: 'full' | 'thumb') =>
  `products/${imageKey}/${index}-${size}.webp`;

const iso = (ms: number) => new Date(ms).toISOString();
const major = (cents: number) => cents / 100;

export function scheduleOf(row: ProductRow): PriceSchedule {
  return {
    startCents: row.start_price_cents,
    floorCents: row.floor_price_cents,
    stepCents: row.step_cents,
    stepMs: row.step_seconds * 1000,
    startsAt: row.starts_at,
  };
}

/**
 * The price record of a product at `now` (docs/product/marketplace.md "The price schedule").
 * A sold product answers the price it sold for; a withdrawn one the price it had then. Either
 * way `is_price_at_bottom` is true: the price will not fall any further, so pollers stop.
 */
export function priceRecordOf(row: ProductRow, now: number): PriceRecord {
  const closedAt =
    row.state === 'sold' ? row.sold_at : row.state === 'withdrawn' ? row.withdrawn_at : null;
  const at = closedAt ?? now;
  const price = priceAt(scheduleOf(row), at);
  const state: AuctionState =
    row.state === 'sold'
      ? 'sold'
      : row.state === 'withdrawn'
        ? 'withdrawn'
        : price.atBottom
          ? 'at_bottom'
          : 'falling';
  const open = closedAt === null;
  return {
    product_id: row.id,
    currency: row.currency as PriceRecord['currency'],
    current_price: major(row.state === 'sold' ? (row.sold_price_cents ?? 0) : price.priceCents),
    auction_state: state,
    is_price_at_bottom: !open || price.atBottom,
    previous_price: price.previousCents === null ? null : major(price.previousCents),
    seconds_since_change:
      price.changedAt === null ? null : Math.floor((at - price.changedAt) / 1000),
    seconds_to_next_change:
      open && price.nextChangeAt !== null ? Math.ceil((price.nextChangeAt - now) / 1000) : null,
  };
}

export function presentProduct(row: ProductListRow, viewer: Viewer, now: number): Product {
  const mine = !viewer.isAnonymous && row.seller_user_id === viewer.userId;
  const boughtByMe = !viewer.isAnonymous && row.buyer_user_id === viewer.userId;
  return {
    id: row.id,
    headline: row.headline,
    description: row.description,
    location: row.location,
    category: row.category as Product['category'],
    currency: row.currency as Product['currency'],
    username: row.seller_username,
    seller_user_id: row.seller_user_id,
    seller_displayname: row.seller_displayname,
    seller_avatar_version: row.seller_avatar_version,
    images: Array.from({ length: PRODUCT_IMAGE_COUNT }, (_, index) => ({
      thumb: `/media/${productImageKey(row.image_key, index + 1, 'thumb')}`,
      full: `/media/${productImageKey(row.image_key, index + 1, 'full')}`,
    })),
    start_price: major(row.start_price_cents),
    floor_price: major(row.floor_price_cents),
    step_amount: major(row.step_cents),
    step_seconds: row.step_seconds,
    listed_at: iso(row.starts_at),
    current_price_details: priceRecordOf(row, now),
    sold_price: row.sold_price_cents === null ? null : major(row.sold_price_cents),
    sold_at: row.sold_at === null ? null : iso(row.sold_at),
    is_mine: mine,
    bought_by_me: boughtByMe,
    buyer_username: mine || boughtByMe ? row.buyer_username : null,
    cursor: row.id.toString(36),
  };
}

/** The first message of each field a zod parse refused. */
function fieldMessages(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return fields;
}

/**
 * The treasure hunt (docs/product/marketplace.md): signed-in sellers list products, everyone
 * sees their falling prices, and the first valid buyer at or above the current price wins.
 */
export function treasureHuntService(deps: {
  db: Db;
  clock: Clock;
  storage: MediaStorage;
  rateLimiter: RateLimiter;
  /** Site admins may withdraw any product (server/services/wave-access.ts). */
  isAdmin: (viewer: Viewer) => boolean;
}) {
  const products = productsRepository(deps.db.kysely);
  const { clock, storage, rateLimiter } = deps;

  async function find(id: number): Promise<ProductListRow> {
    const row = await products.findById(id);
    if (!row) throw notFound(m.productNotFound);
    return row;
  }

  async function deleteImages(imageKey: string) {
    await storage.deletePrefix(`products/${imageKey}/`);
  }

  return {
    /**
     * Lists a product. Every field and all three images are checked before anything is
     * written; the images are stored first and the row last, so a failure leaves neither.
     */
    async create(
      viewer: Viewer,
      fields: Record<string, unknown>,
      files: Partial<Record<(typeof PRODUCT_IMAGE_FIELDS)[number], string>>,
    ): Promise<Product> {
      if (viewer.isAnonymous) throw mustBeSignedIn();
      const { limit, windowMs } = limits.listingsPerUser;
      await rateLimiter.hit(`newproduct:user:${viewer.userId}`, limit, windowMs);

      const parsed = newProductFieldsSchema.safeParse(fields);
      const fieldErrors: Record<string, string> = parsed.success
        ? {}
        : fieldMessages(parsed.error.issues);
      const rendered: { full: Buffer; thumb: Buffer }[] = [];
      for (const field of PRODUCT_IMAGE_FIELDS) {
        const file = files[field];
        if (!file) {
          fieldErrors[field] = m.imagesRequired;
          continue;
        }
        try {
          rendered.push(await renderProductImage(file));
        } catch (error) {
          if (!(error instanceof ImageRejected)) throw error;
          fieldErrors[field] = error.message;
        }
      }
      if (!parsed.success || Object.keys(fieldErrors).length > 0) {
        throw invalid(Object.values(fieldErrors)[0] ?? m.imagesRequired, fieldErrors);
      }

      const product = parsed.data;
      const imageKey = randomBytes(8).toString('hex');
      const now = clock.now();
      let id: number;
      try {
        for (const [index, image] of rendered.entries()) {
          await storage.putStream(
            productImageKey(imageKey, index + 1, 'full'),
            Readable.from(image.full),
          );
          await storage.putStream(
            productImageKey(imageKey, index + 1, 'thumb'),
            Readable.from(image.thumb),
          );
        }
        id = await products.insert({
          seller_user_id: viewer.userId,
          headline: product.headline,
          description: product.description,
          location: product.location,
          category: product.category,
          currency: product.currency,
          start_price_cents: product.start_price,
          floor_price_cents: product.floor_price,
          step_cents: product.step_amount,
          step_seconds: product.step_seconds,
          starts_at: now,
          image_key: imageKey,
          created_at: now,
        });
      } catch (error) {
        await deleteImages(imageKey);
        throw error;
      }
      return presentProduct(await find(id), viewer, now);
    },

    async list(
      viewer: Viewer,
      query: { filter: NonNullable<ListProductsQuery['filter']>; after?: string; limit: number },
    ): Promise<Product[]> {
      const beforeId = query.after === undefined ? null : parseInt(query.after, 36);
      if (beforeId !== null && !(beforeId > 0))
        throw invalid('invalid cursor', { after: 'invalid cursor' });
      const rows = await products.list({
        state: query.filter === 'all' ? null : query.filter,
        beforeId,
        limit: query.limit,
      });
      const now = clock.now();
      return rows.map((row) => presentProduct(row, viewer, now));
    },

    async product(viewer: Viewer, id: number): Promise<Product> {
      return presentProduct(await find(id), viewer, clock.now());
    },

    async latestPrice(id: number): Promise<PriceRecord> {
      return priceRecordOf(await find(id), clock.now());
    },

    /**
     * The buy (docs/product/marketplace.md "Buying"): the caller's own user id, someone else's
     * open product, an offer at or above the current price. The buyer pays the current price;
     * the conditional update lets exactly one buyer win.
     */
    async buy(
      viewer: Viewer,
      order: { productId: number; offerCents: number; userId: number },
    ): Promise<Purchase> {
      if (viewer.isAnonymous) throw mustBeSignedIn();
      if (order.userId !== viewer.userId) {
        throw forbidden(m.userIdMismatch, { user_id: m.userIdMismatch });
      }
      const { limit, windowMs } = limits.buysPerUser;
      await rateLimiter.hit(`buy:user:${viewer.userId}`, limit, windowMs);

      const row = await find(order.productId);
      if (row.seller_user_id === viewer.userId) throw forbidden(m.cannotBuyOwn);
      const closed = (state: string) =>
        new Refusal('conflict', state === 'withdrawn' ? m.withdrawn : m.alreadySold);
      if (row.state !== 'open') throw closed(row.state);
      const now = clock.now();
      const { priceCents } = priceAt(scheduleOf(row), now);
      if (order.offerCents < priceCents) {
        throw new Refusal('conflict', m.priceBelowCurrent, {
          fields: { purchase_price: m.priceBelowCurrent },
        });
      }
      const won = await products.markSold({
        productId: order.productId,
        buyerUserId: viewer.userId,
        priceCents,
        at: now,
      });
      if (!won) throw closed((await find(order.productId)).state);
      return {
        product_id: order.productId,
        purchase_price: major(priceCents),
        currency: row.currency as Purchase['currency'],
        sold_at: iso(now),
      };
    },

    /** The seller (or an admin) takes an unsold product back. */
    async withdraw(viewer: Viewer, id: number): Promise<Product> {
      if (viewer.isAnonymous) throw mustBeSignedIn();
      const row = await find(id);
      if (row.seller_user_id !== viewer.userId && !deps.isAdmin(viewer)) {
        throw forbidden(m.onlySellerWithdraws);
      }
      if (row.state !== 'open' || !(await products.markWithdrawn(id, clock.now()))) {
        throw new Refusal('conflict', row.state === 'withdrawn' ? m.withdrawn : m.alreadySold);
      }
      return presentProduct(await find(id), viewer, clock.now());
    },
  };
}
