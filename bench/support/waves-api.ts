import { randomBytes } from 'node:crypto';
import { UPLOAD_TOKEN_HEADER } from '../../src/api/contract/recording-limits.ts';
import type { NewWaveData, UploadStatus } from '../../src/api/contract/recording.ts';
import { loadConfig, resolveJwtSecret } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { usersRepository } from '../../server/db/repositories/users-repository.ts';
import { systemClock } from '../../server/kernel/clock.ts';
import { sessionService } from '../../server/services/session-service.ts';

/** The recording API as benchmarks use it against a real server process (SQLite). */

/** A signed-in creator (70 minutes need an account): a user and a session in the database. */
export async function signedInToken(dataDir: string): Promise<string> {
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'false' });
  const db = openDatabase({ dataDir });
  try {
    const now = Date.now();
    const username = `bench-${now.toString(36)}${randomBytes(3).toString('hex')}`;
    const { userId } = await usersRepository(db.kysely).insertWithHomeTeam({
      username,
      username_lower: username,
      email: `${username}@example.com`,
      email_confirmed_at: now,
      password_hash: null,
      created_at: now,
      updated_at: now,
    });
    const sessions = sessionService(db, resolveJwtSecret(config), systemClock);
    return (await sessions.create(userId, 'bench')).token;
  } finally {
    await db.close();
  }
}

let waveCounter = 0;
/** POST /wave/newwave as the member of `token`. */
export async function newWave(server: { url: string }, token: string): Promise<NewWaveData> {
  const reply = await fetch(`${server.url}/api/v1/wave/newwave`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      language_code_ui: 'en',
      channel_id: 1,
      idempotency_key: `bench-${Date.now()}-${++waveCounter}`,
    }),
  });
  if (!reply.ok) throw new Error(`newwave: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { data: NewWaveData }).data;
}

export async function uploadStatus(
  server: { url: string },
  wave: NewWaveData,
): Promise<UploadStatus> {
  const reply = await fetch(`${server.url}/api/v1/wave/uploadstatus/${wave.wave_name}`, {
    headers: { [UPLOAD_TOKEN_HEADER]: wave.upload_token },
  });
  return ((await reply.json()) as { data: UploadStatus }).data;
}
