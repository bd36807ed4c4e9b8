import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * The treasure hunt (docs/product/marketplace.md): products sold by a falling-price auction.
 * The price is never stored; it follows from the schedule columns and the clock. `state` is
 * open, sold or withdrawn; the buy is one conditional UPDATE of an open row, so exactly one
 * buyer wins on both dialects.
 */
export function treasureHunt(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('products')
        .addColumn('id', 'integer', (column) =>
          dialect === 'postgres'
            ? column.primaryKey().generatedByDefaultAsIdentity()
            : column.primaryKey().autoIncrement(),
        )
        .addColumn('seller_user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('headline', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('start_price_cents', 'integer', (c) => c.notNull())
        .addColumn('floor_price_cents', 'integer', (c) => c.notNull())
        .addColumn('step_cents', 'integer', (c) => c.notNull())
        .addColumn('step_seconds', 'integer', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('image_key', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('buyer_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('sold_price_cents', 'integer')
        .addColumn('sold_at', 'bigint')
        .addColumn('withdrawn_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // The lists read newest first, all or by state (keyset on id).
      await db.schema
        .createIndex('products_state')
        .on('products')
        .columns(['state', 'id'])
        .execute();
      await db.schema
        .createIndex('products_seller')
        .on('products')
        .columns(['seller_user_id', 'id'])
        .execute();
    },
  };
}
