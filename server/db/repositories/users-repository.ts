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
    /** A user unless one of that name exists (seeds: safe to run again, and at once). */
    async insertIfAbsent(row: Insertable<UsersTable>) {
      await db
        .insertInto('users')
        .values(row)
        .onConflict((conflict) => conflict.column('username_lower').doNothing())
        .execute();
    },
    /**
     * A new user and the home team that following them subscribes to (docs/product/listening.md "Follow": follow
     * is a subscription to the user's home team), in one transaction.
     */
    async insertWithHomeTeam(row: Insertable<UsersTable>) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('users')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        const team = await trx
          .insertInto('teams')
          .values({ team_name: row.username, owner_user_id: id, created_at: row.created_at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('users')
          .set({ home_team_id: team.id })
          .where('id', '=', id)
          .execute();
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
    /** Teams owned by each of these users (one query for a page of people). */
    async teamsOfMany(userIds: number[]) {
      const byOwner = new Map<number, { team_id: number; team_name: string }[]>();
      if (userIds.length === 0) return byOwner;
      const rows = await db
        .selectFrom('teams')
        .select(['teams.id as team_id', 'teams.team_name', 'teams.owner_user_id'])
        .where('teams.owner_user_id', 'in', userIds)
        .orderBy('teams.id')
        .execute();
      for (const { owner_user_id, ...team } of rows) {
        if (owner_user_id === null) continue;
        byOwner.set(owner_user_id, [...(byOwner.get(owner_user_id) ?? []), team]);
      }
      return byOwner;
    },
    /**
     * Replaces an image version only if it is still `expected` (compare-and-swap), so the
     * caller knows exactly which superseded version's files it may delete.
     */
    async swapImageVersion(
      id: number,
      column: 'avatar_version' | 'cover_version',
      expected: string | null,
      next: string,
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ [column]: next, updated_at: now })
        .where('id', '=', id)
        .where(column, expected === null ? 'is' : '=', expected)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /**
     * A page of the people list, newest first, keyset on the primary key (`beforeId` is the
     * last id of the previous page). Sign-ups whose e-mail address is not confirmed yet are
     * left out; members without an e-mail address (the demo people) are listed.
     */
    listPeople(options: { beforeId?: number; limit: number; excludeId: number }) {
      let query = db
        .selectFrom('users')
        .selectAll()
        .where('id', '!=', options.excludeId)
        .where((eb) => eb.or([eb('email', 'is', null), eb('email_confirmed_at', 'is not', null)]));
      if (options.beforeId !== undefined) query = query.where('id', '<', options.beforeId);
      return query.orderBy('id', 'desc').limit(options.limit).execute();
    },
  };
}
