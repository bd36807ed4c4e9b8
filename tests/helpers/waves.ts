import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { CreateWaveInput } from '../../server/services/recording/wave-publisher.ts';
import { createMember, type Member } from './members.ts';
import type { TestApp } from './test-app.ts';

/** The wave tests' signed-in user: a member (tests/helpers/members.ts). */
export type Listener = Member;
export const createListener = createMember;

/** Renders an ffmpeg lavfi source (a tone, synthetic speech) into `file` with `outputArgs`. */
export function renderLavfi(source: string, outputArgs: string[], file: string): string {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    ...outputArgs,
    file,
  ]);
  return file;
}

/** A short sine tone as mp3 (or any extension ffmpeg knows), made by the system's ffmpeg. */
export function makeTone(dir: string, name = 'tone.mp3', seconds = 1, frequency = 440): string {
  return renderLavfi(
    `sine=frequency=${frequency}:duration=${seconds}`,
    ['-ac', '1', ...(name.endsWith('.mp3') ? ['-c:a', 'libmp3lame', '-b:a', '32k'] : [])],
    path.join(dir, name),
  );
}

export async function channelIdOf(t: TestApp, name: string): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('channels')
    .select('id')
    .where('channel_name_lower', '=', name.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A public or chat-group channel made directly in the database. */
export async function insertChannel(
  t: TestApp,
  name: string,
  options: { language?: string; chatgroup?: boolean } = {},
): Promise<number> {
  const row = await t.db.kysely
    .insertInto('channels')
    .values({
      channel_name: name,
      channel_name_lower: name.toLowerCase(),
      language_code_ui: options.language ?? 'en',
      is_chatgroup: options.chatgroup ? 1 : 0,
      channel_access_rule: options.chatgroup ? 'CHANNEL_MEMBERS_EMAIL_VERIFIED' : 'PUBLIC',
      channel_invitation_code: options.chatgroup ? `code-${name}` : null,
      created_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates and publishes a wave through the real publisher with the given audio file. */
export async function publishWave(
  t: TestApp,
  audioFile: string,
  input: CreateWaveInput & { channel?: string },
) {
  const channelId =
    input.channel !== undefined ? await channelIdOf(t, input.channel) : input.channelId;
  const created = await t.services.wavePublisher.createWave({ ...input, channelId });
  const published = await t.services.wavePublisher.publishFromFile(created.id, audioFile);
  return { ...created, ...published };
}

/** Follow = a subscription to the user's home team (the follow feature owns the counters). */
export async function subscribe(t: TestApp, userId: number, teamId: number) {
  await t.db.kysely
    .insertInto('team_subscriptions')
    .values({ team_id: teamId, user_id: userId, created_at: t.clock.now() })
    .execute();
  // As the follow service does after a change: the following list's cached pages go.
  t.services.waveLists.invalidate();
}
