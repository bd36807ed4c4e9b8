import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export function sessionsRepository(db: Kysely<Database>) {
  return {
    insert(row: Insertable<Database['sessions']>) {
      return db.insertInto('sessions').values(row).execute();
    },
    findActive(id: string, now: number) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id as session_id',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'users.id as user_id',
          'users.username',
          'users.is_admin',
        ])
        .where('sessions.id', '=', id)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst();
    },
    touch(id: string, now: number, expiresAt: number) {
      return db
        .updateTable('sessions')
        .set({ last_seen_at: now, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },
    revoke(id: string, now: number) {
      return db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
    revokeAllOfUser(userId: number, now: number) {
      return db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
