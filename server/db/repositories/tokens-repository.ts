import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export type TokenPurpose = 'email_confirmation' | 'password_reset';

export function tokensRepository(db: Kysely<Database>) {
  return {
    insert(row: {
      token_hash: string;
      purpose: TokenPurpose;
      user_id: number;
      created_at: number;
      expires_at: number;
    }) {
      return db
        .insertInto('tokens')
        .values({ ...row, used_at: null })
        .execute();
    },
    find(tokenHash: string, purpose: TokenPurpose) {
      return db
        .selectFrom('tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .executeTakeFirst();
    },
    /** Marks an unused token used; false when another request used it first. */
    async markUsed(tokenHash: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Every still-open token of a user for one purpose becomes unusable. */
    invalidateAllOfUser(userId: number, purpose: TokenPurpose, now: number) {
      return db
        .updateTable('tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
    deleteExpiredBefore(time: number) {
      return db.deleteFrom('tokens').where('expires_at', '<', time).execute();
    },
  };
}
