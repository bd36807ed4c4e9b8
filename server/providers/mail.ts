import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Log } from '../kernel/log.ts';

/** One e-mail, with a plain-text part and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What an outbox file holds (JSON, one file per message). */
export interface OutboxMessage extends MailMessage {
  id: string;
  from: string;
  date: string;
  /** Every link of the text part, for people reading the log and for tests. */
  links: string[];
}

export interface MailProvider {
  readonly kind: 'outbox' | 'smtp';
  /** `log`: the request's logger when a request sends it (its lines name the request id). */
  send(message: MailMessage, log?: Log): Promise<void>;
}

interface MailLogger {
  info(object: object, message: string): void;
}

export const linksOf = (text: string) => text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];

/**
 * The default: messages are written to `DATA_DIR/outbox/<time>-<id>.json` and their links are
 * logged, so an installation without a mail server still works (and tests can read the mail).
 */
export function outboxMailProvider(
  dataDir: string,
  from: string,
  log: MailLogger | null,
  now: () => number = Date.now,
): MailProvider {
  const dir = path.join(dataDir, 'outbox');
  let sequence = 0;
  return {
    kind: 'outbox',
    async send(message, requestLog) {
      await mkdir(dir, { recursive: true });
      const time = now();
      // Sortable by name: time, then order within this process, then a random part.
      sequence = (sequence + 1) % 1_000_000;
      const id = `${time}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
      const stored: OutboxMessage = {
        id,
        from,
        date: new Date(time).toISOString(),
        ...message,
        links: linksOf(message.text),
      };
      // Written under a temporary name first: a reader never sees half a message.
      const file = path.join(dir, `${id}.json`);
      await writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2), { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      (requestLog ?? log)?.info(
        { to: message.to, subject: message.subject, links: stored.links, file },
        'mail written to the outbox',
      );
    },
  };
}

/** SMTP through nodemailer, when SMTP_URL is set (smtp://user:pass@host:587, smtps://…:465). */
export function smtpMailProvider(smtpUrl: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

export function createMailProvider(config: Config, log: MailLogger | null): MailProvider {
  return config.mail.smtpUrl
    ? smtpMailProvider(config.mail.smtpUrl, config.mail.from)
    : outboxMailProvider(config.dataDir, config.mail.from, log);
}
