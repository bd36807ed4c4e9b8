import type { Kysely } from 'kysely';

/**
 * Listening: the by-user and by-channel lists read only listed waves in id order, so an
 * author's unlisted waves (chat groups, unpublished) are never walked on a request path.
 */
export const listeningIndexes = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('waves_by_user_listed')
      .on('waves')
      .columns(['user_id', 'listed', 'id'])
      .execute();
    await db.schema
      .createIndex('waves_by_channel_listed')
      .on('waves')
      .columns(['channel_id', 'listed', 'id'])
      .execute();
  },
};
