import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutboxMessage } from '../../server/providers/mail.ts';

/** The messages in DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMessage[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OutboxMessage);
}

/** The newest message to an address, or undefined. */
export function lastMailTo(dataDir: string, to: string): OutboxMessage | undefined {
  return readOutbox(dataDir)
    .filter((message) => message.to === to)
    .at(-1);
}

/** The value of a query parameter of the first link in a message. */
export function linkParam(message: OutboxMessage, name: string): string {
  const value = new URL(message.links[0]!).searchParams.get(name);
  if (!value) throw new Error(`no ${name} in ${message.links[0]}`);
  return value;
}
