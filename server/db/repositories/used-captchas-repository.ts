import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export function usedCaptchasRepository(db: Kysely<Database>) {
  return {
    /** Records a solved challenge; false when it was recorded before (a replay). */
    async claim(signature: string, expiresAt: number): Promise<boolean> {
      const result = await db
        .insertInto('used_captchas')
        .values({ signature, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('signature').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    deleteExpired(now: number) {
      return db.deleteFrom('used_captchas').where('expires_at', '<', now).execute();
    },
  };
}
