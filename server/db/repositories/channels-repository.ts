import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ChannelsTable, Database } from '../schema.ts';

export type ChannelRow = Selectable<ChannelsTable>;

/** Upper bound of a channel list reply (the client sorts it; lists of channels are short). */
export const CHANNEL_LIST_LIMIT = 500;

export function channelsRepository(db: Kysely<Database>) {
  return {
    findById(id: number) {
      return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByName(name: string) {
      return db
        .selectFrom('channels')
        .selectAll()
        .where('channel_name_lower', '=', name.toLowerCase())
        .executeTakeFirst();
    },

    /** Public channels of a language, most recently updated first (index `channels_language`). */
    publicByLanguage(language: string, limit = CHANNEL_LIST_LIMIT) {
      return db
        .selectFrom('channels')
        .selectAll()
        .where('is_chatgroup', '=', 0)
        .where('language_code_ui', '=', language)
        .orderBy('latest_wave_created', (order) => order.desc().nullsLast())
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async insert(row: Insertable<ChannelsTable>) {
      const { id } = await db
        .insertInto('channels')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** A channel unless one of that name exists (seeds: safe to run again, and at once). */
    async insertIfAbsent(row: Insertable<ChannelsTable>) {
      await db
        .insertInto('channels')
        .values(row)
        .onConflict((conflict) => conflict.column('channel_name_lower').doNothing())
        .execute();
    },

    /** Counts a newly published wave; keeps the newest creation time. */
    addPublishedWave(channelId: number, createdAt: number) {
      return db
        .updateTable('channels')
        .set((eb) => ({
          wave_count: eb('wave_count', '+', 1),
          // A NULL (no wave yet) compares as unknown, so the new time wins.
          latest_wave_created: eb
            .case()
            .when('latest_wave_created', '>', createdAt)
            .then(eb.ref('latest_wave_created'))
            .else(createdAt)
            .end(),
        }))
        .where('id', '=', channelId)
        .execute();
    },

    removePublishedWaves(channelId: number, count: number, latestWaveCreated: number | null) {
      return db
        .updateTable('channels')
        .set((eb) => ({
          wave_count: eb
            .case()
            .when('wave_count', '>', count)
            .then(eb('wave_count', '-', count))
            .else(0)
            .end(),
          latest_wave_created: latestWaveCreated,
        }))
        .where('id', '=', channelId)
        .execute();
    },

    isMember(channelId: number, userId: number) {
      return db
        .selectFrom('channel_members')
        .select('user_id')
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
        .then((row) => row !== undefined);
    },
  };
}

export type ChannelsRepository = ReturnType<typeof channelsRepository>;
