import type { LanguageCode } from '../../src/api/contract/constants.ts';
import type { MailMessage } from '../providers/mail.ts';

/** The account e-mails, in the user's language (en, de), each with a plain-text and an HTML part. */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

export interface MailText {
  subject: string;
  lines: string[];
  button: string;
  validity: string;
  ignore: string;
}

/** Who gets the mail, the link in it, and the language it is written in. */
export interface AccountMail {
  to: string;
  username: string;
  link: string;
  site: string;
  language: LanguageCode;
}

/** The mail in German for 'de', else in English; the greeting names the user. */
export function render(mail: AccountMail, texts: { de: MailText; en: MailText }): MailMessage {
  const { to, username, link, site } = mail;
  const german = mail.language === 'de';
  const text = german ? texts.de : texts.en;
  const greeting = german ? `Hallo ${username},` : `Hello ${username},`;
  const plain = [
    greeting,
    '',
    ...text.lines,
    '',
    link,
    '',
    text.validity,
    text.ignore,
    '',
    `— ${site}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f1f1c;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${text.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;border-radius:999px;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(text.button)}</a></p>
<p style="font-size:14px;color:#4b5d59">${escapeHtml(link)}</p>
<p style="font-size:14px;color:#4b5d59">${escapeHtml(text.validity)} ${escapeHtml(text.ignore)}</p>
<p>— ${escapeHtml(site)}</p>
</body></html>
`;
  return { to, subject: text.subject, text: plain, html };
}

export function confirmationMail(mail: AccountMail): MailMessage {
  const { site } = mail;
  return render(mail, {
    de: {
      subject: `Bestätige deine E-Mail-Adresse bei ${site}`,
      lines: [
        `willkommen bei ${site}! Bitte bestätige deine E-Mail-Adresse, indem du diesen Link öffnest:`,
      ],
      button: 'E-Mail-Adresse bestätigen',
      validity: 'Der Link ist 7 Tage gültig.',
      ignore: 'Wenn du dich nicht registriert hast, kannst du diese E-Mail ignorieren.',
    },
    en: {
      subject: `Confirm your e-mail address for ${site}`,
      lines: [`welcome to ${site}! Please confirm your e-mail address by opening this link:`],
      button: 'Confirm e-mail address',
      validity: 'The link is valid for 7 days.',
      ignore: 'If you did not sign up, you can ignore this e-mail.',
    },
  });
}

export function passwordResetMail(mail: AccountMail): MailMessage {
  const { site } = mail;
  return render(mail, {
    de: {
      subject: `Setze dein Passwort bei ${site} zurück`,
      lines: [
        'jemand (hoffentlich du) möchte das Passwort für dein Konto zurücksetzen. Öffne diesen Link, um ein neues Passwort zu wählen:',
      ],
      button: 'Neues Passwort wählen',
      validity: 'Der Link ist 30 Minuten gültig und funktioniert nur einmal.',
      ignore: 'Wenn du das nicht warst, ignoriere diese E-Mail; dein Passwort bleibt unverändert.',
    },
    en: {
      subject: `Reset your ${site} password`,
      lines: [
        'someone (hopefully you) asked to reset the password of your account. Open this link to choose a new password:',
      ],
      button: 'Choose a new password',
      validity: 'The link is valid for 30 minutes and works once.',
      ignore: 'If this was not you, ignore this e-mail; your password stays as it is.',
    },
  });
}
