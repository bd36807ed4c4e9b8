import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ProductsTable } from '../schema.ts';

export type ProductRow = Selectable<ProductsTable>;

/** A product with what its seller's and buyer's rows add to it. */
export interface ProductListRow extends ProductRow {
  seller_username: string;
  seller_displayname: string;
  seller_avatar_version: string | null;
  buyer_username: string | null;
}

/** The treasure hunt's products (docs/product/marketplace.md). */
export function productsRepository(db: Kysely<Database>) {
  const listSelect = () =>
    db
      .selectFrom('products as p')
      .innerJoin('users as s', 's.id', 'p.seller_user_id')
      .leftJoin('users as b', 'b.id', 'p.buyer_user_id')
      .selectAll('p')
      .select([
        's.username as seller_username',
        's.displayname as seller_displayname',
        's.avatar_version as seller_avatar_version',
        'b.username as buyer_username',
      ])
      .$castTo<ProductListRow>();

  return {
    findById(id: number): Promise<ProductListRow | undefined> {
      return listSelect().where('p.id', '=', id).executeTakeFirst();
    },

    /**
     * Newest first: open and sold products, or only those of `state` (index `products_state`).
     * Withdrawn products leave the lists; their pages stay.
     */
    list(options: {
      state: 'open' | 'sold' | null;
      beforeId: number | null;
      limit: number;
    }): Promise<ProductListRow[]> {
      let query = listSelect();
      query = options.state
        ? query.where('p.state', '=', options.state)
        : query.where('p.state', '<>', 'withdrawn');
      if (options.beforeId !== null) query = query.where('p.id', '<', options.beforeId);
      return query.orderBy('p.id', 'desc').limit(options.limit).execute();
    },

    async insert(row: Insertable<ProductsTable>): Promise<number> {
      const { id } = await db
        .insertInto('products')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /**
     * The buy: one conditional UPDATE of a row that is still open. Exactly one of any number of
     * concurrent buyers changes the row (SQLite has one writer; PostgreSQL re-checks the
     * condition on the row it waited for), so only one purchase is ever recorded.
     */
    async markSold(sale: {
      productId: number;
      buyerUserId: number;
      priceCents: number;
      at: number;
    }): Promise<boolean> {
      const result = await db
        .updateTable('products')
        .set({
          state: 'sold',
          buyer_user_id: sale.buyerUserId,
          sold_price_cents: sale.priceCents,
          sold_at: sale.at,
        })
        .where('id', '=', sale.productId)
        .where('state', '=', 'open')
        .where('seller_user_id', '<>', sale.buyerUserId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The seller takes an open product back; false when it was no longer open. */
    async markWithdrawn(productId: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('products')
        .set({ state: 'withdrawn', withdrawn_at: at })
        .where('id', '=', productId)
        .where('state', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
