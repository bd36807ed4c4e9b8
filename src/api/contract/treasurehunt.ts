import { z } from 'zod';
import { idParamSchema } from './common.ts';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_CURRENCIES,
  PRODUCT_DEFAULT_CURRENCY,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_FALL_MAX_SECONDS,
  PRODUCT_HEADLINE_MAX,
  PRODUCT_HEADLINE_MIN,
  PRODUCT_LIST_DEFAULT_LIMIT,
  PRODUCT_LIST_MAX_LIMIT,
  PRODUCT_LOCATION_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_PRICE_MIN,
  PRODUCT_STEP_SECONDS_MAX,
  PRODUCT_STEP_SECONDS_MIN,
  treasureHuntMessages as m,
} from './constants.ts';
import { envelopeSchema } from './envelope.ts';

/**
 * The treasure hunt's calls (docs/product/marketplace.md, docs/product/api.md "Treasure hunt
 * calls"): products sold by a falling-price auction whose price follows a schedule and the
 * server's clock.
 */

/**
 * A price as the whole cents it names, or the reason it is not one. Takes a number (the API)
 * or the text of a form field ("55", "55.5", "55,50"): at least 0.01, at most 1,000,000, at
 * most two decimals.
 */
export function priceToCents(value: unknown): { cents: number } | { problem: string } {
  let amount: number;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    if (!/^\d{1,9}(?:[.,]\d{1,2})?$/.test(text)) {
      return { problem: /^\d+[.,]\d{3,}$/.test(text) ? m.priceDecimals : m.priceInvalid };
    }
    amount = Number(text.replace(',', '.'));
  } else return { problem: m.priceInvalid };
  if (!Number.isFinite(amount)) return { problem: m.priceInvalid };
  if (amount < PRODUCT_PRICE_MIN) return { problem: m.priceTooLow };
  if (amount > PRODUCT_PRICE_MAX) return { problem: m.priceTooHigh };
  const cents = Math.round(amount * 100);
  if (Math.abs(amount * 100 - cents) > 1e-6) return { problem: m.priceDecimals };
  return { cents };
}

/** Whether the three prices of a product form parsed (their own checks passed). */
function pricesParsed(value: unknown): boolean {
  const product = value as Record<string, unknown>;
  return ['start_price', 'floor_price', 'step_amount'].every(
    (field) => typeof product[field] === 'number',
  );
}

/** A price field, parsed to whole cents. */
const priceSchema = z.unknown().transform((value, ctx) => {
  const parsed = priceToCents(value);
  if ('problem' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.problem });
    return z.NEVER;
  }
  return parsed.cents;
});

const trimmedText = (required: string) => z.string({ error: required }).trim();

/**
 * POST /treasurehunt/newproduct: the text fields of the multipart form (the three images are
 * the files `image1`, `image2`, `image3`). Prices are parsed to cents.
 */
export const newProductFieldsSchema = z
  .object({
    headline: trimmedText(m.headlineRequired)
      .min(1, m.headlineRequired)
      .min(PRODUCT_HEADLINE_MIN, m.headlineTooShort)
      .max(PRODUCT_HEADLINE_MAX, m.headlineTooLong),
    description: z
      .string()
      // Forms send line breaks as CRLF; they are kept as plain newlines.
      .transform((value) => value.replace(/\r\n?/g, '\n').trim())
      .pipe(z.string().max(PRODUCT_DESCRIPTION_MAX, m.descriptionTooLong))
      .optional()
      .transform((value) => value ?? ''),
    location: trimmedText(m.locationRequired)
      .min(1, m.locationRequired)
      .max(PRODUCT_LOCATION_MAX, m.locationTooLong),
    category: z.enum(PRODUCT_CATEGORIES, { error: m.categoryInvalid }),
    currency: z
      .enum(PRODUCT_CURRENCIES, { error: m.currencyInvalid })
      .optional()
      .transform((value) => value ?? PRODUCT_DEFAULT_CURRENCY),
    start_price: priceSchema,
    floor_price: priceSchema,
    step_amount: priceSchema,
    step_seconds: z.coerce
      .number({ error: m.stepSecondsInvalid })
      .int(m.stepSecondsInvalid)
      .min(PRODUCT_STEP_SECONDS_MIN, m.stepSecondsInvalid)
      .max(PRODUCT_STEP_SECONDS_MAX, m.stepSecondsInvalid),
  })
  // The price checks need only the prices: they run even when other fields are refused.
  .refine((product) => product.floor_price <= product.start_price, {
    path: ['floor_price'],
    message: m.floorAboveStart,
    when: (payload) => pricesParsed(payload.value),
  })
  .refine(
    (product) =>
      product.start_price === product.floor_price ||
      product.floor_price > product.start_price ||
      product.step_amount <= product.start_price - product.floor_price,
    {
      path: ['step_amount'],
      message: m.stepTooLarge,
      when: (payload) => pricesParsed(payload.value),
    },
  )
  .refine(
    (product) =>
      product.floor_price >= product.start_price ||
      Math.ceil((product.start_price - product.floor_price) / product.step_amount) *
        product.step_seconds <=
        PRODUCT_FALL_MAX_SECONDS,
    {
      path: ['step_amount'],
      message: m.fallTooLong,
      when: (payload) =>
        pricesParsed(payload.value) &&
        typeof (payload.value as Record<string, unknown>)['step_seconds'] === 'number',
    },
  );
export type NewProductFields = z.input<typeof newProductFieldsSchema>;
export type NewProduct = z.output<typeof newProductFieldsSchema>;

/** The file fields of a new product, in the order they are shown. */
export const PRODUCT_IMAGE_FIELDS = ['image1', 'image2', 'image3'] as const;

/**
 * falling: the price steps down on its schedule; at_bottom: it reached the floor and stays
 * there; sold: someone bought it; withdrawn: the seller took it back.
 */
export const AUCTION_STATES = ['falling', 'at_bottom', 'sold', 'withdrawn'] as const;
export type AuctionState = (typeof AUCTION_STATES)[number];

/** The price record (`getlatestprice`), and each product's `current_price_details`. */
export const priceRecordSchema = z.object({
  product_id: z.number().int(),
  currency: z.enum(PRODUCT_CURRENCIES),
  /** The price now; for a sold product, the price it sold for. */
  current_price: z.number(),
  auction_state: z.enum(AUCTION_STATES),
  is_price_at_bottom: z.boolean(),
  /** The price before the last step, or null before the first step. */
  previous_price: z.number().nullable(),
  /** Whole seconds since the last step (null before the first): a duration, so no clock skew. */
  seconds_since_change: z.number().int().nullable(),
  /** Whole seconds until the next step, or null when no step follows. */
  seconds_to_next_change: z.number().int().nullable(),
});
export type PriceRecord = z.infer<typeof priceRecordSchema>;

export const productImageSchema = z.object({
  /** A square thumbnail for lists (400 px). */
  thumb: z.string(),
  /** The whole image, at most 1200 px on its longer side. */
  full: z.string(),
});

export const productSchema = z.object({
  id: z.number().int(),
  headline: z.string(),
  description: z.string(),
  location: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  currency: z.enum(PRODUCT_CURRENCIES),
  /** The seller. */
  username: z.string(),
  seller_user_id: z.number().int(),
  seller_displayname: z.string(),
  seller_avatar_version: z.string().nullable(),
  images: z.array(productImageSchema),
  start_price: z.number(),
  floor_price: z.number(),
  step_amount: z.number(),
  step_seconds: z.number().int(),
  /** ISO 8601: when the auction started (the price falls from here). */
  listed_at: z.string(),
  current_price_details: priceRecordSchema,
  /** The price it sold for, or null. */
  sold_price: z.number().nullable(),
  sold_at: z.string().nullable(),
  /** The caller is the seller. */
  is_mine: z.boolean(),
  /** The caller bought it. */
  bought_by_me: z.boolean(),
  /** The buyer's username, shown only to the seller and the buyer; null otherwise. */
  buyer_username: z.string().nullable(),
  /** Opaque: pass as `?after=` for the products after this one. */
  cursor: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const PRODUCT_LIST_FILTERS = ['all', 'open', 'sold'] as const;
export type ProductListFilter = (typeof PRODUCT_LIST_FILTERS)[number];

/** GET /treasurehunt/listproducts: newest first, keyset paged like the wave lists. */
export const listProductsQuerySchema = z.object({
  filter: z.enum(PRODUCT_LIST_FILTERS).default('all'),
  after: z
    .string()
    .regex(/^[0-9a-z]{1,7}$/, 'invalid cursor')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PRODUCT_LIST_MAX_LIMIT, `limit must be at most ${PRODUCT_LIST_MAX_LIMIT}`)
    .default(PRODUCT_LIST_DEFAULT_LIMIT),
});
export type ListProductsQuery = z.input<typeof listProductsQuerySchema>;
/** `data[0].listproducts` (the original reply's shape). */
export const listProductsReplySchema = envelopeSchema(
  z.array(z.object({ listproducts: z.array(productSchema) })),
);

/** GET /treasurehunt/product/{id}: one product, for its page. */
export const productParamsSchema = z.object({ id: idParamSchema });
export const productReplySchema = envelopeSchema(productSchema);

/** GET /treasurehunt/getlatestprice?product_id=…&t=…: `t` (a time stamp against caches) is ignored. */
export const latestPriceQuerySchema = z.object({
  product_id: z.coerce
    .number({ error: m.productIdRequired })
    .int(m.productIdRequired)
    .positive(m.productIdRequired)
    .max(2_147_483_647, m.productNotFound),
});
/** `data[0].getlatestprice` (the original reply's shape). */
export const latestPriceReplySchema = envelopeSchema(
  z.array(z.object({ getlatestprice: priceRecordSchema })),
);

/**
 * POST /treasurehunt/buyproduct. `purchase_price` is the most the buyer agrees to pay (at
 * least the current price); the buyer pays the current price. `user_id` must be the caller's.
 */
export const buyProductBodySchema = z.object({
  product_id: z
    .number({ error: m.productIdRequired })
    .int(m.productIdRequired)
    .positive(m.productIdRequired)
    .max(2_147_483_647, m.productNotFound),
  purchase_price: priceSchema,
  user_id: z
    .number({ error: m.userIdMismatch })
    .int(m.userIdMismatch)
    .positive(m.userIdMismatch)
    .max(2_147_483_647, m.userIdMismatch),
});
export type BuyProductBody = z.input<typeof buyProductBodySchema>;
export const purchaseSchema = z.object({
  product_id: z.number().int(),
  /** What the buyer paid: the current price at the moment of the buy. */
  purchase_price: z.number(),
  currency: z.enum(PRODUCT_CURRENCIES),
  sold_at: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const buyProductReplySchema = envelopeSchema(purchaseSchema);

/** POST /treasurehunt/newproduct answers the listed product. */
export const newProductReplySchema = envelopeSchema(productSchema);

/** POST /treasurehunt/withdrawproduct: the seller takes an unsold product back. */
export const withdrawProductBodySchema = z.object({ product_id: idParamSchema });
export const withdrawProductReplySchema = envelopeSchema(productSchema);
