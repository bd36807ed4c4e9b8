import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SmsOutboxMessage } from '../../server/providers/sms.ts';
import { usersRepository } from '../../server/db/repositories/users-repository.ts';
import type { Member } from './members.ts';
import type { TestApp } from './test-app.ts';

/** The text messages in DATA_DIR/sms-outbox, oldest first. */
export function readSmsOutbox(dataDir: string): SmsOutboxMessage[] {
  const dir = path.join(dataDir, 'sms-outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as SmsOutboxMessage);
}

/** The invitation code in a message's /chatinvitation/{code} link. */
export function invitationCodeIn(text: string): string {
  const code = /\/chatinvitation\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!code) throw new Error(`no invitation link in: ${text}`);
  return code;
}

/** Gives a member a confirmed phone number (as phone verification would). */
export async function confirmPhone(t: TestApp, member: Member, phone: string) {
  await usersRepository(t.db.kysely).update(member.userId, {
    phone_number: phone,
    phone_confirmed_at: t.clock.now(),
  });
}

/** A JSON call to the API as a member (or anonymous without one): status and body. */
export function caller(t: TestApp) {
  return async (
    method: 'GET' | 'POST',
    url: string,
    who?: Member | null,
    payload?: object,
  ): Promise<{
    status: number;
    body: {
      success: boolean;
      message: string;
      data: never;
      formFieldErrorMessages: Record<string, string>;
    };
  }> => {
    const reply = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who ? who.auth : {},
      ...(payload !== undefined ? { payload } : method === 'POST' ? { payload: {} } : {}),
    });
    return { status: reply.statusCode, body: reply.json() };
  };
}
