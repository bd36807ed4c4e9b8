import { usersRepository } from '../../server/db/repositories/users-repository.ts';
import type { TestApp } from './test-app.ts';

export interface Member {
  userId: number;
  homeTeamId: number;
  username: string;
  token: string;
  /** Headers of a signed-in request (Bearer token). */
  auth: { authorization: string };
}

/**
 * A confirmed member with a home team and a signed-in session; `extra` sets profile columns
 * and the flags for admins and channel creators.
 */
export async function createMember(
  t: TestApp,
  username: string,
  extra: {
    displayname?: string;
    language_code_ui?: string;
    is_admin?: number;
    can_create_channels?: number;
  } = {},
): Promise<Member> {
  const now = t.clock.now();
  const { userId, homeTeamId } = await usersRepository(t.db.kysely).insertWithHomeTeam({
    username,
    username_lower: username.toLowerCase(),
    email: `${username.toLowerCase()}@example.com`,
    email_confirmed_at: now,
    password_hash: null,
    created_at: now,
    updated_at: now,
    ...extra,
  });
  const { token } = await t.services.sessions.create(userId, 'test');
  return {
    userId,
    homeTeamId,
    username,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

/** A multipart body for app.inject, built by the platform's own FormData encoder. */
export async function multipart(
  fields: Record<string, string>,
  files: Record<string, { data: Uint8Array; filename: string; type?: string }> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(
      name,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.filename,
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}
