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
    /**
     * A new user and the home team that following them subscribes to (spec content §4: follow
     * is a subscription to the user's home team), in one transaction.
     */
    async insertWithHomeTeam(row: Insertable<UsersTable>) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
        const team = await trx
          .insertInto('teams')
          .values({ team_name: row.username, owner_user_id: id, created_at: row.created_at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.updateTable('users').set({ home_team_id: team.id }).where('id', '=', id).execute();
        return { userId: id, homeTeamId: team.id };
      });
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
