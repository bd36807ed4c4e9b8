import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ChannelsTable, Database, InvitationsTable } from '../schema.ts';

export type InvitationRow = Selectable<InvitationsTable>;

function addMember(
  db: Kysely<Database> | Transaction<Database>,
  channelId: number,
  userId: number,
  now: number,
) {
  return db
    .insertInto('channel_members')
    .values({ channel_id: channelId, user_id: userId, role: 'member', member_since: now })
    .onConflict((conflict) => conflict.columns(['channel_id', 'user_id']).doNothing())
    .execute();
}

/** Chat groups: their members, invitations and shareable link (docs/product/channels-and-groups.md "Chat groups"). */
export function chatGroupsRepository(db: Kysely<Database>) {
  const invitationColumns = [
    'i.id',
    'i.channel_id',
    'i.inviter_user_id',
    'i.invitee_email',
    'i.invitee_user_id',
    'i.invitee_phone_number',
    'i.invitee_name',
    'i.status',
    'i.invited_at',
    'i.expires_at',
    'i.accepted_at',
    'i.revoked_at',
    'i.accepted_by_user_id',
    'inviter.username as inviter_username',
    'invitee.username as invitee_username',
  ] as const;
  const invitations = () =>
    db
      .selectFrom('invitations as i')
      .innerJoin('users as inviter', 'inviter.id', 'i.inviter_user_id')
      .leftJoin('users as invitee', (join) =>
        join.on((eb) =>
          eb('invitee.id', '=', eb.fn.coalesce('i.accepted_by_user_id', 'i.invitee_user_id')),
        ),
      )
      .select(invitationColumns);

  return {
    /** A new group with its creator as admin, in one transaction. */
    createGroup(row: Insertable<ChannelsTable>, adminUserId: number, now: number) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('channels')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('channel_members')
          .values({ channel_id: id, user_id: adminUserId, role: 'admin', member_since: now })
          .execute();
        return id;
      });
    },

    membership(channelId: number, userId: number) {
      return db
        .selectFrom('channel_members')
        .select(['role', 'member_since'])
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The caller's groups with their role, newest activity first. */
    groupsOf(userId: number) {
      return db
        .selectFrom('channel_members as m')
        .innerJoin('channels as c', 'c.id', 'm.channel_id')
        .selectAll('c')
        .select(['m.role', 'm.member_since'])
        .select((eb) =>
          eb
            .selectFrom('channel_members as all_members')
            .select((inner) => inner.fn.countAll<string | number>().as('n'))
            .whereRef('all_members.channel_id', '=', 'c.id')
            .as('member_count'),
        )
        .where('m.user_id', '=', userId)
        .where('c.is_chatgroup', '=', 1)
        .orderBy(sql`coalesce(c.latest_wave_created, m.member_since)`, 'desc')
        .orderBy('c.id', 'desc')
        .execute();
    },

    /** Members with their account fields, the admin first, then by joining date. */
    members(channelId: number) {
      return db
        .selectFrom('channel_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select([
          'm.user_id',
          'm.role',
          'm.member_since',
          'u.username',
          'u.displayname',
          'u.avatar_version',
          'u.phone_number',
          'u.phone_confirmed_at',
          'u.email',
          'u.email_confirmed_at',
        ])
        .where('m.channel_id', '=', channelId)
        .orderBy(sql`case when m.role = 'admin' then 0 else 1 end`)
        .orderBy('m.member_since')
        .orderBy('m.user_id')
        .execute();
    },

    addMember: (channelId: number, userId: number, now: number) =>
      addMember(db, channelId, userId, now),

    removeMember(channelId: number, userId: number) {
      return db
        .deleteFrom('channel_members')
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
        .then((result) => Number(result.numDeletedRows) > 0);
    },

    /**
     * The caller leaves; when the admin leaves, the longest-standing member becomes the admin.
     * One transaction, so a group with members always has an admin.
     */
    leave(channelId: number, userId: number) {
      return db.transaction().execute(async (trx) => {
        const left = await trx
          .deleteFrom('channel_members')
          .where('channel_id', '=', channelId)
          .where('user_id', '=', userId)
          .returning('role')
          .executeTakeFirst();
        if (!left) return false;
        const admin = await trx
          .selectFrom('channel_members')
          .select('user_id')
          .where('channel_id', '=', channelId)
          .where('role', '=', 'admin')
          .executeTakeFirst();
        if (!admin) {
          const next = await trx
            .selectFrom('channel_members')
            .select('user_id')
            .where('channel_id', '=', channelId)
            .orderBy('member_since')
            .orderBy('user_id')
            .executeTakeFirst();
          if (next) {
            await trx
              .updateTable('channel_members')
              .set({ role: 'admin' })
              .where('channel_id', '=', channelId)
              .where('user_id', '=', next.user_id)
              .execute();
          }
        }
        return true;
      });
    },

    rename(channelId: number, description: string) {
      return db.updateTable('channels').set({ description }).where('id', '=', channelId).execute();
    },

    setLinkToken(channelId: number, token: string | null) {
      return db
        .updateTable('channels')
        .set({ channel_invitation_code: token })
        .where('id', '=', channelId)
        .execute();
    },

    userByConfirmedPhone(phone: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('phone_number', '=', phone)
        .where('phone_confirmed_at', 'is not', null)
        .executeTakeFirst();
    },

    findByLinkToken(token: string) {
      return db
        .selectFrom('channels')
        .selectAll()
        .where('channel_invitation_code', '=', token)
        .where('is_chatgroup', '=', 1)
        .executeTakeFirst();
    },

    async insertInvitation(row: Insertable<InvitationsTable>) {
      const { id } = await db
        .insertInto('invitations')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    deleteInvitation(id: number) {
      return db.deleteFrom('invitations').where('id', '=', id).execute();
    },

    findInvitationByHash(codeHash: string) {
      return db
        .selectFrom('invitations')
        .selectAll()
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
    },

    invitationById(id: number) {
      return invitations().where('i.id', '=', id).executeTakeFirst();
    },

    /** A group's invitations (or one inviter's), newest first. */
    invitationsOf(channelId: number, inviterUserId?: number) {
      let query = invitations().where('i.channel_id', '=', channelId);
      if (inviterUserId !== undefined) query = query.where('i.inviter_user_id', '=', inviterUserId);
      return query.orderBy('i.invited_at', 'desc').orderBy('i.id', 'desc').limit(500).execute();
    },

    revokeInvitation(id: number, now: number) {
      return db
        .updateTable('invitations')
        .set({ status: 'revoked', revoked_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
        .then((result) => Number(result.numUpdatedRows) > 0);
    },

    /**
     * Uses a pending, unexpired invitation and adds the member, in one transaction: the
     * conditional update lets exactly one of two simultaneous acceptances win.
     */
    acceptInvitation(id: number, channelId: number, userId: number, now: number) {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('invitations')
          .set({ status: 'accepted', accepted_at: now, accepted_by_user_id: userId })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) === 0) return false;
        await addMember(trx, channelId, userId, now);
        return true;
      });
    },

    /** The people the user shares a group with, and whether one of those groups is a phone group. */
    peopleInSameGroups(userId: number, phoneRule: string) {
      return db
        .selectFrom('channel_members as mine')
        .innerJoin('channels as c', 'c.id', 'mine.channel_id')
        .innerJoin('channel_members as theirs', 'theirs.channel_id', 'mine.channel_id')
        .innerJoin('users as u', 'u.id', 'theirs.user_id')
        .select([
          'u.id as user_id',
          'u.username',
          'u.displayname',
          'u.avatar_version',
          'u.phone_number',
          'u.phone_confirmed_at',
        ])
        .select((eb) => [
          eb.fn.count<string | number>('c.id').distinct().as('shared_groups'),
          eb.fn
            .max(eb.case().when('c.channel_access_rule', '=', phoneRule).then(1).else(0).end())
            .as('shares_phone_group'),
        ])
        .where('mine.user_id', '=', userId)
        .where('theirs.user_id', '<>', userId)
        .where('c.is_chatgroup', '=', 1)
        .groupBy([
          'u.id',
          'u.username',
          'u.displayname',
          'u.avatar_version',
          'u.phone_number',
          'u.phone_confirmed_at',
        ])
        .orderBy('u.displayname')
        .orderBy('u.id')
        .limit(1000)
        .execute();
    },
  };
}
