import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Log } from '../kernel/log.ts';

/** One text message to a number in E.164 ("+" and digits). */
export interface SmsMessage {
  to: string;
  body: string;
}

/** What an outbox file holds (JSON, one file per message). */
export interface SmsOutboxMessage extends SmsMessage {
  id: string;
  date: string;
}

export interface SmsProvider {
  readonly kind: 'outbox' | 'twilio';
  /** Throws SmsSendError when the message could not be handed over. */
  /** `log`: the request's logger when a request sends it (its lines name the request id). */
  send(message: SmsMessage, log?: Log): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}

interface SmsLogger {
  info(object: object, message: string): void;
}

/**
 * The default: messages are written to `DATA_DIR/sms-outbox/<time>-<id>.json`, so an
 * installation without an SMS gateway still works (and tests can read the codes).
 */
export function outboxSmsProvider(
  dataDir: string,
  log: SmsLogger | null,
  now: () => number = Date.now,
): SmsProvider {
  const dir = path.join(dataDir, 'sms-outbox');
  return {
    kind: 'outbox',
    async send(message, requestLog) {
      await mkdir(dir, { recursive: true });
      const time = now();
      const id = `${time}-${randomBytes(6).toString('hex')}`;
      const stored: SmsOutboxMessage = { id, date: new Date(time).toISOString(), ...message };
      // Written under a temporary name first: a reader never sees half a message.
      const file = path.join(dir, `${id}.json`);
      await writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2), { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      // The number is logged without its last digits; the code only lives in the file.
      (requestLog ?? log)?.info(
        { to: `${message.to.slice(0, -4)}****`, file },
        'SMS written to the outbox',
      );
    },
  };
}

export interface TwilioOptions {
  /** Base URL of a Twilio-compatible API (https://api.twilio.com by default). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

/** Twilio's Messages API (and compatible gateways): form-encoded POST with basic auth. */
export function twilioSmsProvider(
  options: TwilioOptions,
  fetchImpl: typeof fetch = fetch,
): SmsProvider {
  const url = `${options.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(
    options.accountSid,
  )}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send(message) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new SmsSendError(`SMS gateway unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new SmsSendError(`SMS gateway answered ${response.status}: ${detail}`);
      }
    },
  };
}

export function createSmsProvider(config: Config, log: SmsLogger | null): SmsProvider {
  const { sms } = config;
  if (sms.provider === 'twilio') {
    // config.ts refuses to start without these for twilio.
    return twilioSmsProvider({
      apiUrl: sms.apiUrl,
      accountSid: sms.accountSid ?? '',
      authToken: sms.authToken ?? '',
      from: sms.from ?? '',
    });
  }
  return outboxSmsProvider(config.dataDir, log);
}
