import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * Subscriptions to teams (following a user is subscribing to their home team,
 * docs/product/listening.md "Follow"). The counters `teams.subscriber_count` and, for a home team,
 * its owner's `users.followers_count` change in the same transaction as the subscription row, and
 * only when a row was really inserted or deleted, so retries and races never drift them.
 */
export function teamSubscriptionsRepository(db: Kysely<Database>) {
  async function adjustCounts(trx: Kysely<Database>, teamId: number, delta: 1 | -1) {
    await trx
      .updateTable('teams')
      .set({ subscriber_count: sql<number>`subscriber_count + ${delta}` })
      .where('id', '=', teamId)
      .execute();
    await trx
      .updateTable('users')
      .set({ followers_count: sql<number>`followers_count + ${delta}` })
      .where('home_team_id', '=', teamId)
      .execute();
  }

  return {
    findTeam(teamId: number) {
      return db
        .selectFrom('teams')
        .select(['id', 'team_name', 'owner_user_id', 'subscriber_count'])
        .where('id', '=', teamId)
        .executeTakeFirst();
    },

    async isSubscribed(teamId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('team_subscriptions')
        .select('team_id')
        .where('team_id', '=', teamId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Of these teams, the ones the user subscribes to (one indexed query for a page). */
    async subscribedAmong(userId: number, teamIds: number[]): Promise<Set<number>> {
      if (teamIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('team_subscriptions')
        .select('team_id')
        .where('user_id', '=', userId)
        .where('team_id', 'in', teamIds)
        .execute();
      return new Set(rows.map((row) => row.team_id));
    },

    /** Subscribes or unsubscribes; returns the team's subscriber count afterwards. */
    async set(teamId: number, userId: number, subscribed: boolean, now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        if (subscribed) {
          const inserted = await trx
            .insertInto('team_subscriptions')
            .values({ team_id: teamId, user_id: userId, created_at: now })
            .onConflict((conflict) => conflict.columns(['team_id', 'user_id']).doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
            await adjustCounts(trx, teamId, 1);
          }
        } else {
          const deleted = await trx
            .deleteFrom('team_subscriptions')
            .where('team_id', '=', teamId)
            .where('user_id', '=', userId)
            .executeTakeFirst();
          if (Number(deleted.numDeletedRows) > 0) await adjustCounts(trx, teamId, -1);
        }
        const team = await trx
          .selectFrom('teams')
          .select('subscriber_count')
          .where('id', '=', teamId)
          .executeTakeFirstOrThrow();
        return Number(team.subscriber_count);
      });
    },
  };
}
