import { ANONYMOUS_USERNAME } from '../../src/api/contract/constants.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Db } from './database.ts';

/** Public channels every installation has, one per interface language. */
export const DEFAULT_CHANNELS = [
  {
    channel_name: 'general',
    description: 'Say hello and talk about anything',
    language_code_ui: 'en',
  },
  {
    channel_name: 'allgemein',
    description: 'Sag hallo und sprich über alles',
    language_code_ui: 'de',
  },
] as const;

export const PUBLIC_ACCESS_RULE = 'PUBLIC';

/**
 * Rows the product cannot run without: the shared guest user and the default channels.
 * Idempotent and safe to run at every start, by several processes at once.
 */
export async function seedRequiredRows(db: Db, clock: Clock) {
  const now = clock.now();
  const kysely = db.kysely;
  await kysely
    .insertInto('users')
    .values({
      username: ANONYMOUS_USERNAME,
      username_lower: ANONYMOUS_USERNAME,
      email: null,
      displayname: 'Anonymous',
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('username_lower').doNothing())
    .execute();
  const anonymous = await kysely
    .selectFrom('users')
    .select('id')
    .where('username_lower', '=', ANONYMOUS_USERNAME)
    .executeTakeFirstOrThrow();

  for (const channel of DEFAULT_CHANNELS) {
    await kysely
      .insertInto('channels')
      .values({
        ...channel,
        channel_name_lower: channel.channel_name.toLowerCase(),
        channel_access_rule: PUBLIC_ACCESS_RULE,
        created_at: now,
      })
      .onConflict((conflict) => conflict.column('channel_name_lower').doNothing())
      .execute();
  }
  return { anonymousUserId: anonymous.id };
}
