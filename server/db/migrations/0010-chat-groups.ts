import type { Kysely } from 'kysely';

/**
 * Chat groups and invitations (docs/product/channels-and-groups.md "Invitations"): a named
 * invitation keeps only the SHA-256 of its code, when it stops working, and who used it; the
 * group's shareable-link token (`channels.channel_invitation_code`) is looked up by an index.
 * Statuses: pending, accepted, revoked ("expired" is pending past `expires_at`).
 */
export const chatGroups = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
  async up(db: Kysely<any>) {
    await db.schema.alterTable('invitations').addColumn('code_hash', 'text').execute();
    await db.schema
      .alterTable('invitations')
      .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('invitations').addColumn('accepted_at', 'bigint').execute();
    await db.schema.alterTable('invitations').addColumn('revoked_at', 'bigint').execute();
    await db.schema
      .alterTable('invitations')
      .addColumn('accepted_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .execute();
    await db.schema
      .createIndex('invitations_code_hash')
      .unique()
      .on('invitations')
      .column('code_hash')
      .execute();
    await db.schema
      .createIndex('channels_invitation_code')
      .unique()
      .on('channels')
      .column('channel_invitation_code')
      .execute();
    await db.schema
      .createIndex('channel_members_channel_since')
      .on('channel_members')
      .columns(['channel_id', 'member_since'])
      .execute();
  },
};
