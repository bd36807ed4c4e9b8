import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, SmsCodesTable } from '../schema.ts';

export function smsCodesRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<SmsCodesTable>): Promise<number> {
      const inserted = await db
        .insertInto('sms_codes')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },
    findById(id: number) {
      return db.selectFrom('sms_codes').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The user's newest code that was not used yet (the only one that counts). */
    findLatestOpen(userId: number) {
      return db
        .selectFrom('sms_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('consumed_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /** Closes a user's open codes (a new code replaces them). */
    closeOpen(userId: number, now: number) {
      return db
        .updateTable('sms_codes')
        .set({ consumed_at: now })
        .where('user_id', '=', userId)
        .where('consumed_at', 'is', null)
        .execute();
    },
    /** Counts one attempt unless the code is used up; false when no attempt was left. */
    async takeAttempt(id: number, maxAttempts: number): Promise<boolean> {
      const result = await db
        .updateTable('sms_codes')
        .set({ attempts: sql<number>`attempts + 1` })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('attempts', '<', maxAttempts)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Marks the code used; false when another request used it first. */
    async consume(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('sms_codes')
        .set({ consumed_at: now })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    delete(id: number) {
      return db.deleteFrom('sms_codes').where('id', '=', id).execute();
    },
  };
}
