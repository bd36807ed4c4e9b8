import type { Kysely } from 'kysely';

/**
 * Indexes for the account tables: a user's open tokens (invalidated on reset) and the
 * expiry sweeps of tokens, used captchas and rate-limit windows, so none of them scans.
 */
export const accountsIndexes = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('tokens_user_purpose')
      .on('tokens')
      .columns(['user_id', 'purpose'])
      .execute();
    await db.schema.createIndex('tokens_expires').on('tokens').column('expires_at').execute();
    await db.schema
      .createIndex('used_captchas_expires')
      .on('used_captchas')
      .column('expires_at')
      .execute();
    await db.schema
      .createIndex('rate_limit_hits_window')
      .on('rate_limit_hits')
      .column('window_start')
      .execute();
  },
};
