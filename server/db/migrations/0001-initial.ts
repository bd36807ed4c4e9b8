import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/** Integer primary keys that auto-increment on both dialects. */
function idColumn(dialect: DialectName) {
  return (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement();
}

export function initialSchema(dialect: DialectName) {
  const id = idColumn(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', id)
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_lower', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('email_confirmed_at', 'bigint')
        .addColumn('password_hash', 'text')
        .addColumn('displayname', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('about', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('private_by_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('play_beep', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('usercountrycode', 'text', (c) => c.notNull().defaultTo('US'))
        .addColumn('userregionname', 'text', (c) => c.notNull().defaultTo('California'))
        .addColumn('language_code_ui', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('phone_number', 'text')
        .addColumn('phone_confirmed_at', 'bigint')
        .addColumn('avatar_version', 'text')
        .addColumn('cover_version', 'text')
        .addColumn('cover_preset', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('home_team_id', 'integer')
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('can_create_channels', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_likes_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_created').on('users').columns(['id']).execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('teams')
        .addColumn('id', 'integer', id)
        .addColumn('team_name', 'text', (c) => c.notNull())
        .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('subscriber_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('team_subscriptions')
        .addColumn('team_id', 'integer', (c) =>
          c.notNull().references('teams.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('team_subscriptions_pk', ['team_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('team_subscriptions_user')
        .on('team_subscriptions')
        .columns(['user_id', 'team_id'])
        .execute();

      await db.schema
        .createTable('channels')
        .addColumn('id', 'integer', id)
        .addColumn('channel_name', 'text', (c) => c.notNull())
        .addColumn('channel_name_lower', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('language_code_ui', 'text', (c) => c.notNull())
        .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
        .addColumn('is_chatgroup', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('channel_access_rule', 'text', (c) => c.notNull())
        .addColumn('channel_invitation_code', 'text', (c) => c.unique())
        .addColumn('created_by_user_id', 'integer', (c) =>
          c.references('users.id').onDelete('set null'),
        )
        .addColumn('wave_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('latest_wave_created', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('channels_language')
        .on('channels')
        .columns(['is_chatgroup', 'language_code_ui', 'latest_wave_created'])
        .execute();

      await db.schema
        .createTable('channel_members')
        .addColumn('channel_id', 'integer', (c) =>
          c.notNull().references('channels.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
        .addColumn('member_since', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('channel_members_pk', ['channel_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('channel_members_user')
        .on('channel_members')
        .columns(['user_id', 'channel_id'])
        .execute();

      await db.schema
        .createTable('invitations')
        .addColumn('id', 'integer', id)
        .addColumn('channel_id', 'integer', (c) =>
          c.notNull().references('channels.id').onDelete('cascade'),
        )
        .addColumn('inviter_user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('invitee_email', 'text')
        .addColumn('invitee_user_id', 'integer', (c) =>
          c.references('users.id').onDelete('set null'),
        )
        .addColumn('invitee_phone_number', 'text')
        .addColumn('invitee_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('invited_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('invitations_channel')
        .on('invitations')
        .column('channel_id')
        .execute();

      await db.schema
        .createTable('waves')
        .addColumn('id', 'integer', id)
        .addColumn('wave_name', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('channel_id', 'integer', (c) =>
          c.notNull().references('channels.id').onDelete('cascade'),
        )
        .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('language_code_ui', 'text', (c) => c.notNull())
        .addColumn('in_reply_to_wave_id', 'integer', (c) =>
          c.references('waves.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('failure_reason', 'text')
        .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_epoch_day', 'integer', (c) => c.notNull())
        .addColumn('published_at', 'bigint')
        .addColumn('views_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('trending_score', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('idempotency_key', 'text')
        .addColumn('audio_bytes', 'bigint')
        .addColumn('audio_sha256', 'text')
        .addColumn('is_sponsored', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sponsor_name', 'text')
        .addColumn('sponsor_logo', 'text')
        .execute();
      // Every list endpoint reads one of these indexes in key order (keyset pagination on id).
      await db.schema
        .createIndex('waves_newest')
        .on('waves')
        .columns(['listed', 'language_code_ui', 'id'])
        .execute();
      await db.schema
        .createIndex('waves_trending')
        .on('waves')
        .columns(['listed', 'language_code_ui', 'trending_score', 'id'])
        .execute();
      await db.schema.createIndex('waves_by_user').on('waves').columns(['user_id', 'id']).execute();
      await db.schema
        .createIndex('waves_by_channel')
        .on('waves')
        .columns(['channel_id', 'id'])
        .execute();
      await db.schema
        .createIndex('waves_by_team')
        .on('waves')
        .columns(['team_id', 'listed', 'id'])
        .execute();
      await db.schema
        .createIndex('waves_replies')
        .on('waves')
        .columns(['in_reply_to_wave_id', 'id'])
        .execute();
      await db.schema
        .createIndex('waves_idempotency')
        .on('waves')
        .columns(['user_id', 'idempotency_key'])
        .unique()
        .execute();

      await db.schema
        .createTable('wave_likes')
        .addColumn('wave_id', 'integer', (c) =>
          c.notNull().references('waves.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('wave_likes_pk', ['wave_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('wave_likes_user')
        .on('wave_likes')
        .columns(['user_id', 'wave_id'])
        .execute();

      await db.schema
        .createTable('wave_views')
        .addColumn('wave_id', 'integer', (c) =>
          c.notNull().references('waves.id').onDelete('cascade'),
        )
        .addColumn('viewer_key', 'text', (c) => c.notNull())
        .addColumn('epoch_day', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('wave_views_pk', ['wave_id', 'viewer_key', 'epoch_day'])
        .execute();
      await db.schema
        .createIndex('wave_views_viewer')
        .on('wave_views')
        .columns(['viewer_key', 'wave_id'])
        .execute();

      await db.schema
        .createTable('tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      await db.schema
        .createTable('sms_codes')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('phone_number', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('consumed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('sms_codes_user')
        .on('sms_codes')
        .columns(['user_id', 'id'])
        .execute();

      await db.schema
        .createTable('used_captchas')
        .addColumn('signature', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('rate_limit_hits')
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_hits_pk', ['bucket', 'window_start'])
        .execute();

      await db.schema
        .createTable('jobs')
        .addColumn('id', 'integer', id)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('run_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .execute();
      await db.schema.createIndex('jobs_ready').on('jobs').columns(['state', 'run_at']).execute();
    },
  };
}
