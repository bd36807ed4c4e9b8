import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, TusUploadsTable } from '../schema.ts';

export type TusUploadRow = Selectable<TusUploadsTable>;

/**
 * Resumable uploads (`tus_uploads`) and their cross-process leases (`upload_locks`). A part is
 * recorded with a compare-and-set on the stored byte count, so two writers can never both
 * append at the same offset.
 */
export function tusUploadsRepository(db: Kysely<Database>) {
  return {
    async create(row: { id: string; size: number; metadata: string; now: number }) {
      await db
        .insertInto('tus_uploads')
        .values({
          id: row.id,
          size: row.size,
          metadata: row.metadata,
          created_at: row.now,
          updated_at: row.now,
        })
        .execute();
    },

    find(id: string): Promise<TusUploadRow | undefined> {
      return db.selectFrom('tus_uploads').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Records one more part of `bytes` after `expectedBytes`; false when someone else wrote. */
    async addPart(id: string, expectedBytes: number, bytes: number, now: number) {
      const result = await db
        .updateTable('tus_uploads')
        .set((eb) => ({
          bytes_stored: eb('bytes_stored', '+', bytes),
          parts: eb('parts', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('bytes_stored', '=', expectedBytes)
        .where('received', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markReceived(id: string, now: number) {
      await db
        .updateTable('tus_uploads')
        .set({ received: 1, bytes_stored: sql`size`, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: string) {
      await db.deleteFrom('tus_uploads').where('id', '=', id).execute();
    },

    /** Uploads created before `time` (expired: unfinished ones and records of finished ones). */
    async createdBefore(time: number, limit = 500) {
      return db
        .selectFrom('tus_uploads')
        .select(['id', 'parts', 'received'])
        .where('created_at', '<', time)
        .limit(limit)
        .execute();
    },

    /** Takes the lease when it is free or expired; true when `holder` has it now. */
    async acquireLock(id: string, holder: string, until: number, now: number) {
      await db
        .insertInto('upload_locks')
        .values({ id, holder, locked_until: until })
        .onConflict((conflict) =>
          conflict
            .column('id')
            .doUpdateSet({ holder, locked_until: until, release_requested: 0 })
            .where('upload_locks.locked_until', '<', now),
        )
        .execute();
      const row = await db
        .selectFrom('upload_locks')
        .select('holder')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.holder === holder;
    },

    /** Extends a held lease; null when it was lost, else whether another request waits. */
    async renewLock(id: string, holder: string, until: number) {
      const result = await db
        .updateTable('upload_locks')
        .set({ locked_until: until })
        .where('id', '=', id)
        .where('holder', '=', holder)
        .returning('release_requested')
        .executeTakeFirst();
      return result ? result.release_requested === 1 : null;
    },

    async requestRelease(id: string) {
      await db
        .updateTable('upload_locks')
        .set({ release_requested: 1 })
        .where('id', '=', id)
        .execute();
    },

    async releaseLock(id: string, holder: string) {
      await db
        .deleteFrom('upload_locks')
        .where('id', '=', id)
        .where('holder', '=', holder)
        .execute();
    },

    deleteLocksBefore(time: number) {
      return db.deleteFrom('upload_locks').where('locked_until', '<', time).execute();
    },
  };
}
