import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { BrowserContext, Page } from '@playwright/test';
import { openDatabase } from '../../server/db/database.ts';
import { usersRepository } from '../../server/db/repositories/users-repository.ts';
import { SESSION_COOKIE } from '../../server/http/auth-plugin.ts';
import type { OutboxMessage } from '../../server/providers/mail.ts';
import { systemClock } from '../../server/kernel/clock.ts';
import { sessionService } from '../../server/services/session-service.ts';

/**
 * Helpers for end-to-end tests that need accounts. They work on the e2e server's own
 * DATA_DIR (SQLite), so tests that need many users do not run into the sign-up and sign-in
 * rate limits (5 sign-ups per 30 minutes per IP, 10 sign-ins per minute per IP).
 */
export const e2eDataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dir;
};

/** A running server's data folder and address: the shared e2e server, or a test's own. */
export interface E2eSite {
  dataDir: string;
  url: string;
}

const defaultSite = (): E2eSite => ({
  dataDir: e2eDataDir(),
  url: `http://localhost:${process.env.E2E_PORT ?? 4173}`,
});

export interface TestUser {
  userId: number;
  username: string;
  email: string;
  password: string;
}

/** A unique username that passes both rule sets (5–21 characters, ends with a digit). */
export const uniqueUsername = (prefix = 'user') =>
  `${prefix}-${randomBytes(3).readUIntBE(0, 3).toString().padStart(8, '0')}`.slice(0, 21);

/** A confirmed user with a home team, written straight into the e2e database. */
export async function createUser(
  options: Partial<Omit<TestUser, 'userId'>> & { confirmed?: boolean; language?: 'en' | 'de' } = {},
  site: E2eSite = defaultSite(),
): Promise<TestUser> {
  const username = options.username ?? uniqueUsername();
  const email = (options.email ?? `${username}@example.com`).toLowerCase();
  const password = options.password ?? 'e2e password 1';
  const db = openDatabase({ dataDir: site.dataDir });
  try {
    const now = Date.now();
    const { userId } = await usersRepository(db.kysely).insertWithHomeTeam({
      username,
      username_lower: username.toLowerCase(),
      email,
      email_confirmed_at: options.confirmed === false ? null : now,
      password_hash: await hash(password),
      language_code_ui: options.language ?? 'en',
      created_at: now,
      updated_at: now,
    });
    return { userId, username, email, password };
  } finally {
    await db.close();
  }
}

/**
 * Signs a page's browser in as `user` without the sign-in form: a real session, the cookie,
 * and local storage as the sign-in screen leaves it. Call before the first `page.goto`. With
 * `firstLoadOnly`, local storage is written for the page's first load only, so a reload after a
 * sign-out or an account change keeps what the app left.
 */
export async function signInAs(
  page: Page,
  user: TestUser,
  site: E2eSite = defaultSite(),
  { firstLoadOnly = false } = {},
) {
  const { dataDir } = site;
  const secret = new TextEncoder().encode(
    readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim(),
  );
  const db = openDatabase({ dataDir });
  let token: string;
  try {
    ({ token } = await sessionService(db, secret, systemClock).create(user.userId, 'e2e'));
  } finally {
    await db.close();
  }
  await addSessionCookie(page.context(), token, site.url);
  await page.addInitScript(
    ({ token, user, firstLoadOnly }) => {
      if (firstLoadOnly) {
        if (sessionStorage.getItem('e2e-signed-in')) return;
        sessionStorage.setItem('e2e-signed-in', '1');
      }
      localStorage.setItem(
        'user',
        JSON.stringify({ json_web_token: token, user_id: user.userId, username: user.username }),
      );
      localStorage.setItem('signedIn_user_id', String(user.userId));
      localStorage.setItem('signedIn_username', user.username);
    },
    { token, user, firstLoadOnly },
  );
  return token;
}

async function addSessionCookie(context: BrowserContext, token: string, url: string) {
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, url, httpOnly: true, sameSite: 'Lax' },
  ]);
}

/** The messages in the e2e server's outbox, oldest first. */
export function outbox(): OutboxMessage[] {
  const dir = path.join(e2eDataDir(), 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OutboxMessage);
}

/** Waits for the newest message to an address (optionally: whose subject matches). */
export async function waitForMail(
  to: string,
  subject: RegExp = /./,
  timeoutMs = 10_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = outbox()
      .filter((message) => message.to === to.toLowerCase() && subject.test(message.subject))
      .at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
