import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import {
  createMailProvider,
  outboxMailProvider,
  type OutboxMessage,
} from '../../server/providers/mail.ts';
import { confirmationMail, passwordResetMail } from '../../server/services/account-mails.ts';

/** Undoes quoted-printable soft line breaks and escapes (enough to read a link back). */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('mail', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'waves-mail-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes one JSON file per message to DATA_DIR/outbox and logs its links', async () => {
    const logged: object[] = [];
    const outbox = outboxMailProvider(dataDir, 'Waves <no-reply@waves.test>', {
      info: (object) => logged.push(object),
    });
    const message = confirmationMail({
      to: 'ada@example.com',
      username: 'ada-lovelace1',
      link: 'http://localhost:8080/signin?confirm=abc',
      site: 'Waves',
      language: 'en',
    });
    await outbox.send(message);
    await outbox.send({ ...message, to: 'bob@example.com' });
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.json'))).toBe(true);
    const stored = files.map(
      (file) =>
        JSON.parse(readFileSync(path.join(dataDir, 'outbox', file), 'utf8')) as OutboxMessage,
    );
    const ada = stored.find((mail) => mail.to === 'ada@example.com')!;
    expect(ada.subject).toBe('Confirm your e-mail address for Waves');
    expect(ada.links).toEqual(['http://localhost:8080/signin?confirm=abc']);
    expect(ada.text).toContain('http://localhost:8080/signin?confirm=abc');
    expect(ada.html).toContain('href="http://localhost:8080/signin?confirm=abc"');
    expect(logged[0]).toMatchObject({ links: ['http://localhost:8080/signin?confirm=abc'] });
  });

  it('speaks the user’s language and escapes what it puts into HTML', () => {
    const german = passwordResetMail({
      to: 'x@example.com',
      username: '<b>eve1</b>',
      link: 'http://localhost/resetpassword?token=t',
      site: 'Waves',
      language: 'de',
    });
    expect(german.subject).toBe('Setze dein Passwort bei Waves zurück');
    expect(german.text).toContain('30 Minuten');
    expect(german.html).toContain('&lt;b&gt;eve1&lt;/b&gt;');
    expect(german.html).not.toContain('<b>eve1</b>');
  });

  it('delivers through a real SMTP server on loopback when SMTP_URL is set', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Waves <no-reply@waves.test>',
      });
      const mail = createMailProvider(config, null);
      expect(mail.kind).toBe('smtp');
      await mail.send(
        confirmationMail({
          to: 'grace@example.com',
          username: 'grace-hopper1',
          link: 'http://localhost:8080/signin?confirm=xyz',
          site: 'Waves',
          language: 'de',
        }),
      );
      expect(received).toHaveLength(1);
      const [message] = received;
      expect(message!.from).toBe('no-reply@waves.test');
      expect(message!.to).toEqual(['grace@example.com']);
      expect(message!.raw).toMatch(/^Subject: /m);
      expect(message!.raw).toMatch(/Content-Type: multipart\/alternative/i);
      expect(message!.raw).toMatch(/Content-Type: text\/plain/i);
      expect(message!.raw).toMatch(/Content-Type: text\/html/i);
      expect(decodeQuotedPrintable(message!.raw)).toContain(
        'http://localhost:8080/signin?confirm=xyz',
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('reports a failed SMTP delivery to the caller', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:1' });
    const mail = createMailProvider(config, null);
    await expect(
      mail.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow();
  });
});
