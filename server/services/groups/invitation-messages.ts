import type { LanguageCode } from '../../../src/api/contract/constants.ts';
import { INVITATION_TTL_MS } from '../../../src/api/contract/constants.ts';
import type { MailMessage } from '../../providers/mail.ts';
import type { SmsMessage } from '../../providers/sms.ts';
import { render } from '../account-mails.ts';

/** What an invitation says: who invites whom to which group, and the link (en or de). */
export interface InvitationText {
  site: string;
  inviter: string;
  invitee: string;
  group: string;
  link: string;
  language: LanguageCode;
}

const days = INVITATION_TTL_MS / (24 * 60 * 60 * 1000);

/** The SMS of a phone group's invitation (docs/product/channels-and-groups.md "Invitations"). */
export function invitationSms(to: string, text: InvitationText): SmsMessage {
  const body =
    text.language === 'de'
      ? `${text.site}: ${text.inviter} lädt dich in die Gruppe „${text.group}“ ein. Beitreten: ${text.link} (${days} Tage gültig)`
      : `${text.site}: ${text.inviter} invites you to the group "${text.group}". Join: ${text.link} (valid for ${days} days)`;
  return { to, body };
}

/** The e-mail of an e-mail group's invitation. */
export function invitationMail(to: string, text: InvitationText): MailMessage {
  const { site, inviter, group } = text;
  return render(
    { to, username: text.invitee, link: text.link, site, language: text.language },
    {
      de: {
        subject: `${inviter} lädt dich in die Gruppe „${group}“ bei ${site} ein`,
        lines: [
          `${inviter} lädt dich in die private Gruppe „${group}“ bei ${site} ein. Öffne diesen Link, um beizutreten:`,
        ],
        button: 'Gruppe beitreten',
        validity: `Der Link ist ${days} Tage gültig und funktioniert einmal.`,
        ignore: 'Wenn du niemanden dieses Namens kennst, kannst du diese E-Mail ignorieren.',
      },
      en: {
        subject: `${inviter} invites you to the group "${group}" on ${site}`,
        lines: [
          `${inviter} invites you to the private group "${group}" on ${site}. Open this link to join:`,
        ],
        button: 'Join the group',
        validity: `The link is valid for ${days} days and works once.`,
        ignore: 'If you do not know anyone of that name, you can ignore this e-mail.',
      },
    },
  );
}
