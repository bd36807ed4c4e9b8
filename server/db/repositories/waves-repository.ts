import {
  sql,
  type CompiledQuery,
  type Insertable,
  type Kysely,
  type Selectable,
  type Updateable,
} from 'kysely';
import type { DialectName } from '../dialect.ts';
import type { Database, WavesTable } from '../schema.ts';

export type WaveRow = Selectable<WavesTable>;

/** The columns every wave list row carries (see `presentWaveListItem`). */
export interface WaveListRow {
  id: number;
  wave_name: string;
  user_id: number;
  username: string;
  displayname: string;
  avatar_version: string | null;
  channel_id: number;
  channel_name: string;
  team_id: number | null;
  title: string;
  duration: number;
  created_at: number;
  created_epoch_day: number;
  views_count: number;
  likes_count: number;
  reply_count: number;
  trending_score: number;
  is_sponsored: number;
  sponsor_name: string | null;
  sponsor_logo: string | null;
  parent_wave_name: string | null;
  video_version: string | null;
}

/** Ids are 32-bit integers on PostgreSQL: the largest is the "no cursor yet" bound. */
export const MAX_ID = 2_147_483_647;

/** Past this many followed users, the following list reads the most recently followed ones. */
export const FOLLOWING_TEAMS_LIMIT = 500;

/**
 * Waves, their likes and views. Every list reads one index in key order (keyset pagination on
 * id, or on (trending_score, id)) and joins users, channels and the parent wave by primary key.
 */
export function wavesRepository(
  db: Kysely<Database>,
  // Queries run on both databases as they are, except where a comment says otherwise.
  dialect?: DialectName,
) {
  // Author, channel and parent as scalar subqueries (each a primary-key lookup) rather than
  // joins: PostgreSQL plans this several times faster than a four-way join, and a list query
  // is planned on every execution (see database.ts). Same rows, same indexes.
  const listSelect = () =>
    db
      .selectFrom('waves as w')
      .select((eb) => {
        const author = () => eb.selectFrom('users as u').whereRef('u.id', '=', 'w.user_id');
        return [
          'w.id',
          'w.wave_name',
          'w.user_id',
          author().select('u.username').as('username'),
          author().select('u.displayname').as('displayname'),
          author().select('u.avatar_version').as('avatar_version'),
          'w.channel_id',
          eb
            .selectFrom('channels as c')
            .select('c.channel_name')
            .whereRef('c.id', '=', 'w.channel_id')
            .as('channel_name'),
          'w.team_id',
          'w.title',
          'w.duration',
          'w.created_at',
          'w.created_epoch_day',
          'w.views_count',
          'w.likes_count',
          'w.reply_count',
          'w.trending_score',
          'w.is_sponsored',
          'w.sponsor_name',
          'w.sponsor_logo',
          'w.video_version',
          eb
            .selectFrom('waves as p')
            .select('p.wave_name')
            .whereRef('p.id', '=', 'w.in_reply_to_wave_id')
            .as('parent_wave_name'),
        ];
      })
      .$castTo<WaveListRow>();

  /** The likes-and-views statement per number of waves asked about (see `flagsAmong`). */
  const flagsQueries = new Map<number, CompiledQuery<{ kind: string; wave_id: number }>>();

  return {
    newest(language: string, beforeId: number | null, limit: number): Promise<WaveListRow[]> {
      let query = listSelect().where('w.listed', '=', 1).where('w.language_code_ui', '=', language);
      if (beforeId !== null) query = query.where('w.id', '<', beforeId);
      return query.orderBy('w.id', 'desc').limit(limit).execute();
    },

    trending(
      language: string,
      before: { score: number; id: number } | null,
      limit: number,
    ): Promise<WaveListRow[]> {
      let query = listSelect().where('w.listed', '=', 1).where('w.language_code_ui', '=', language);
      if (before) {
        query = query.where((eb) =>
          eb(eb.refTuple('w.trending_score', 'w.id'), '<', eb.tuple(before.score, before.id)),
        );
      }
      return query
        .orderBy('w.trending_score', 'desc')
        .orderBy('w.id', 'desc')
        .limit(limit)
        .execute();
    },

    byUser(userId: number, beforeId: number | null, limit: number): Promise<WaveListRow[]> {
      let query = listSelect().where('w.user_id', '=', userId).where('w.listed', '=', 1);
      if (beforeId !== null) query = query.where('w.id', '<', beforeId);
      return query.orderBy('w.id', 'desc').limit(limit).execute();
    },

    /** A chat group's published waves (never listed), newest first; the caller checked access. */
    byGroup(channelId: number, beforeId: number | null, limit: number): Promise<WaveListRow[]> {
      let query = listSelect()
        .where('w.channel_id', '=', channelId)
        .where('w.status', '=', 'published');
      if (beforeId !== null) query = query.where('w.id', '<', beforeId);
      return query.orderBy('w.id', 'desc').limit(limit).execute();
    },

    byChannel(channelId: number, beforeId: number | null, limit: number): Promise<WaveListRow[]> {
      let query = listSelect().where('w.channel_id', '=', channelId).where('w.listed', '=', 1);
      if (beforeId !== null) query = query.where('w.id', '<', beforeId);
      return query.orderBy('w.id', 'desc').limit(limit).execute();
    },

    /**
     * Listed waves of the users whose home teams `userId` subscribes to, newest first: per
     * followed team at most `limit` entries of `waves_by_team` below the cursor, in key order,
     * merged and cut to a page. One statement, rows included.
     *
     * PostgreSQL reads each team's range once with a LATERAL subquery (about half the time of
     * the portable form with 1M waves, mostly planning). SQLite has no LATERAL: a correlated
     * subquery finds each team's `limit`-th newest id and the join reads the range above it.
     */
    following(userId: number, beforeId: number | null, limit: number): Promise<WaveListRow[]> {
      const before = beforeId ?? MAX_ID;
      const followedTeams = db
        .selectFrom('team_subscriptions')
        .select('team_id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(FOLLOWING_TEAMS_LIMIT)
        .as('ts');
      /** A followed team's listed waves below the cursor, newest first (`waves_by_team`). */
      const teamWaves = () =>
        db
          .selectFrom('waves as t')
          .select('t.id')
          .where('t.team_id', '=', sql.ref<number>('ts.team_id'))
          .where('t.listed', '=', 1)
          .where('t.id', '<', before)
          .orderBy('t.id', 'desc');
      const ids =
        dialect === 'postgres'
          ? db
              .selectFrom(followedTeams)
              .innerJoinLateral(teamWaves().limit(limit).as('w'), (join) => join.onTrue())
              .select('w.id')
          : db
              .selectFrom(followedTeams)
              .innerJoin('waves as w', (join) =>
                join
                  .onRef('w.team_id', '=', 'ts.team_id')
                  .on('w.listed', '=', 1)
                  .on('w.id', '<', before)
                  .on((eb) =>
                    eb(
                      'w.id',
                      '>=',
                      eb.fn.coalesce(
                        teamWaves()
                          .limit(1)
                          .offset(limit - 1),
                        eb.lit(0),
                      ),
                    ),
                  ),
              )
              .select('w.id');
      return listSelect()
        .where('w.id', 'in', ids.orderBy('w.id', 'desc').limit(limit))
        .orderBy('w.id', 'desc')
        .execute();
    },

    /** Replies of a wave, oldest first (a thread reads top-down). */
    replies(parentId: number, afterId: number | null, limit: number): Promise<WaveListRow[]> {
      let query = listSelect()
        .where('w.in_reply_to_wave_id', '=', parentId)
        .where('w.status', '=', 'published');
      if (afterId !== null) query = query.where('w.id', '>', afterId);
      return query.orderBy('w.id', 'asc').limit(limit).execute();
    },

    /**
     * The list row of the thread a published wave belongs to: the wave itself, or the wave it
     * replies to. Undefined when either is missing or not published. One statement.
     */
    threadHeadRow(waveName: string): Promise<WaveListRow | undefined> {
      return listSelect()
        .where('w.status', '=', 'published')
        .where('w.id', '=', (eb) =>
          eb
            .selectFrom('waves as t')
            .select((inner) => inner.fn.coalesce('t.in_reply_to_wave_id', 't.id').as('head_id'))
            .where('t.wave_name', '=', waveName)
            .where('t.status', '=', 'published'),
        )
        .executeTakeFirst();
    },

    findByName(waveName: string) {
      return db
        .selectFrom('waves')
        .selectAll()
        .where('wave_name', '=', waveName)
        .executeTakeFirst();
    },

    findById(id: number) {
      return db.selectFrom('waves').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Metadata joins: author, channel, the author's team and the parent. */
    metadataByName(waveName: string) {
      return db
        .selectFrom('waves as w')
        .innerJoin('users as u', 'u.id', 'w.user_id')
        .innerJoin('channels as c', 'c.id', 'w.channel_id')
        .leftJoin('teams as t', 't.id', 'w.team_id')
        .leftJoin('waves as p', 'p.id', 'w.in_reply_to_wave_id')
        .select([
          'w.id',
          'w.wave_name',
          'w.title',
          'w.description',
          'w.status',
          'w.duration',
          'w.created_at',
          'w.created_epoch_day',
          'w.user_id',
          'w.channel_id',
          'c.channel_name',
          'c.is_chatgroup',
          'u.username',
          'u.displayname',
          'u.avatar_version',
          't.team_name',
          'p.wave_name as parent_wave_name',
          'p.title as parent_title',
          'w.language_code_ui',
          'w.is_sponsored',
          'w.sponsor_name',
          'w.sponsor_logo',
          'w.video_version',
          'w.waveform',
        ])
        .where('w.wave_name', '=', waveName)
        .executeTakeFirst();
    },

    async insert(row: Insertable<WavesTable>) {
      const { id } = await db
        .insertInto('waves')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    update(id: number, changes: Updateable<WavesTable>) {
      return db.updateTable('waves').set(changes).where('id', '=', id).execute();
    },

    /** Stores the loudness per bar (encodePeaks) the card and the video draw. */
    setWaveform(id: number, waveform: string) {
      return db.updateTable('waves').set({ waveform }).where('id', '=', id).execute();
    },

    /** Records the wave's current video; false when the wave no longer exists. */
    async setVideo(id: number, version: string, bytes: number) {
      const result = await db
        .updateTable('waves')
        .set({ video_version: version, video_bytes: bytes, video_failed_at: null })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    markVideoFailed(id: number, now: number) {
      return db.updateTable('waves').set({ video_failed_at: now }).where('id', '=', id).execute();
    },

    /** Published waves without a video that did not fail for good, newest first (an index range). */
    async withoutVideo(limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('waves')
        .select('id')
        .where('status', '=', 'published')
        .where('video_version', 'is', null)
        .where('video_failed_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Publishes once: false when the wave was already published (a retried job). */
    async markPublished(
      id: number,
      fields: Pick<
        Updateable<WavesTable>,
        'duration' | 'audio_bytes' | 'audio_sha256' | 'published_at' | 'listed' | 'trending_score'
      >,
    ) {
      const result = await db
        .updateTable('waves')
        .set({ ...fields, status: 'published', failure_reason: null })
        .where('id', '=', id)
        .where('status', '!=', 'published')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    findByIdempotencyKey(userId: number, key: string) {
      return db
        .selectFrom('waves')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    /** A signed-in caller's likes and views among these waves, in one query. */
    async flagsAmong(userId: number, viewerKey: string, waveIds: readonly number[]) {
      const liked = new Set<number>();
      const viewed = new Set<number>();
      if (waveIds.length === 0) return { liked, viewed };
      const parameters = [userId, ...waveIds, viewerKey, ...waveIds];
      let compiled = flagsQueries.get(waveIds.length);
      if (!compiled) {
        compiled = db
          .selectFrom('wave_likes')
          .select([sql<string>`'l'`.as('kind'), 'wave_id'])
          .where('user_id', '=', userId)
          .where('wave_id', 'in', [...waveIds])
          .unionAll(
            db
              .selectFrom('wave_views')
              .select([sql<string>`'v'`.as('kind'), 'wave_id'])
              .where('viewer_key', '=', viewerKey)
              .where('wave_id', 'in', [...waveIds]),
          )
          .compile();
        if (compiled.parameters.some((value, index) => value !== parameters[index])) {
          throw new Error('flagsAmong: the compiled parameters are not in the expected order');
        }
        flagsQueries.set(waveIds.length, compiled);
      }
      // Every signed-in list page asks this: the statement is built once per page length.
      const { rows } = await db.executeQuery<{ kind: string; wave_id: number }>({
        ...compiled,
        parameters,
      });
      for (const row of rows) (row.kind === 'l' ? liked : viewed).add(row.wave_id);
      return { liked, viewed };
    },

    /** Whether a viewer key has any counted view (index `wave_views_viewer`). */
    async hasAnyViews(viewerKey: string): Promise<boolean> {
      const row = await db
        .selectFrom('wave_views')
        .select('wave_id')
        .where('viewer_key', '=', viewerKey)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Which of these waves the viewer (a viewer key) has listened to, on any day. */
    async viewedAmong(viewerKey: string, waveIds: readonly number[]): Promise<Set<number>> {
      if (waveIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('wave_views')
        .select('wave_id')
        .where('viewer_key', '=', viewerKey)
        .where('wave_id', 'in', [...waveIds])
        .execute();
      return new Set(rows.map((row) => row.wave_id));
    },

    /** Ids of a wave and its replies (the rows a delete removes). */
    waveAndReplies(waveId: number) {
      return db
        .selectFrom('waves')
        .selectAll()
        .where((eb) => eb.or([eb('id', '=', waveId), eb('in_reply_to_wave_id', '=', waveId)]))
        .execute();
    },

    /** Removes a wave and its replies; likes and views go with them (foreign keys cascade). */
    async deleteWithReplies(waveId: number) {
      // Replies first: their rows reference the wave.
      await db.deleteFrom('waves').where('in_reply_to_wave_id', '=', waveId).execute();
      await db.deleteFrom('waves').where('id', '=', waveId).execute();
    },

    /** Created time of the newest published wave of a channel (walks `waves_by_channel`). */
    async latestPublishedCreatedAt(channelId: number): Promise<number | null> {
      const row = await db
        .selectFrom('waves')
        .select('created_at')
        .where('channel_id', '=', channelId)
        .where('status', '=', 'published')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.created_at ?? null;
    },

    /** The channels a user posted to most recently (from the user's newest waves). */
    async recentChannelIdsOfUser(userId: number, scan = 200): Promise<number[]> {
      const rows = await db
        .selectFrom('waves')
        .select('channel_id')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(scan)
        .execute();
      return [...new Set(rows.map((row) => row.channel_id))];
    },

    /** Unlists every wave of a channel (product channel, a channel turned private). */
    unlistChannel(channelId: number) {
      return db
        .updateTable('waves')
        .set({ listed: 0 })
        .where('channel_id', '=', channelId)
        .where('listed', '=', 1)
        .execute();
    },
  };
}

export type WavesRepository = ReturnType<typeof wavesRepository>;

/**
 * Mutations that must see each other (counters, dedup rows, scores). Each function runs inside
 * the transaction the service opened, so concurrent likes and views never lose an increment.
 */
export function waveCountersRepository(trx: Kysely<Database>) {
  return {
    /** True when this viewer's view of today was not counted yet. */
    async insertView(waveId: number, viewerKey: string, epochDay: number) {
      const result = await trx
        .insertInto('wave_views')
        .values({ wave_id: waveId, viewer_key: viewerKey, epoch_day: epochDay })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** True when this user had not liked the wave before. */
    async insertLike(waveId: number, userId: number, now: number) {
      const result = await trx
        .insertInto('wave_likes')
        .values({ wave_id: waveId, user_id: userId, created_at: now })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Adds to the counters; returns the new values and what the score needs. */
    bump(waveId: number, change: { views?: number; likes?: number; replies?: number }) {
      return trx
        .updateTable('waves')
        .set((eb) => ({
          views_count: eb('views_count', '+', change.views ?? 0),
          likes_count: eb('likes_count', '+', change.likes ?? 0),
          reply_count: eb('reply_count', '+', change.replies ?? 0),
        }))
        .where('id', '=', waveId)
        .returning(['views_count', 'likes_count', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    setTrendingScore(waveId: number, score: number) {
      return trx
        .updateTable('waves')
        .set({ trending_score: score })
        .where('id', '=', waveId)
        .execute();
    },

    addUserLikes(userId: number, delta: number) {
      return trx
        .updateTable('users')
        .set((eb) => ({ total_likes_count: eb('total_likes_count', '+', delta) }))
        .where('id', '=', userId)
        .execute();
    },
  };
}
