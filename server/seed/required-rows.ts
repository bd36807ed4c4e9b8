import { ANONYMOUS_USERNAME, PUBLIC_ACCESS_RULE } from '../../src/api/contract/constants.ts';
import type { Db } from '../db/database.ts';
import { channelsRepository } from '../db/repositories/channels-repository.ts';
import { usersRepository } from '../db/repositories/users-repository.ts';
import type { Clock } from '../kernel/clock.ts';

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

/**
 * Rows the product cannot run without: the shared guest user and the default channels.
 * Idempotent and safe to run at every start, by several processes at once.
 */
export async function seedRequiredRows(db: Db, clock: Clock) {
  const now = clock.now();
  const users = usersRepository(db.kysely);
  const channels = channelsRepository(db.kysely);
  await users.insertIfAbsent({
    username: ANONYMOUS_USERNAME,
    username_lower: ANONYMOUS_USERNAME,
    email: null,
    displayname: 'Anonymous',
    created_at: now,
    updated_at: now,
  });
  const anonymous = await users.findByUsername(ANONYMOUS_USERNAME);
  if (!anonymous) throw new Error('the guest user could not be created');

  for (const channel of DEFAULT_CHANNELS) {
    await channels.insertIfAbsent({
      ...channel,
      channel_name_lower: channel.channel_name.toLowerCase(),
      channel_access_rule: PUBLIC_ACCESS_RULE,
      created_at: now,
    });
  }
  return { anonymousUserId: anonymous.id };
}
