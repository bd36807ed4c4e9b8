import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, UsersTable } from '../schema.ts';

export type UserRow = Selectable<UsersTable>;

export function usersRepository(db: Kysely<Database>) {
  return {
    findById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByUsername(username: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('username_lower', '=', username.toLowerCase())
        .executeTakeFirst();
    },
    findByEmail(email: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
    },
    async insert(row: Insertable<UsersTable>) {
      const inserted = await db
        .insertInto('users')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },
    update(id: number, changes: Updateable<UsersTable>) {
      return db.updateTable('users').set(changes).where('id', '=', id).execute();
    },
    teamsOf(userId: number) {
      return db
        .selectFrom('teams')
        .select(['teams.id as team_id', 'teams.team_name'])
        .where('teams.owner_user_id', '=', userId)
        .orderBy('teams.id')
        .execute();
    },
  };
}
