import { ACCESS_RULES, GROUP_NAME_MAX, groupMessages } from './api/group-types.ts';

/** The group name's rule (content §5): required, at most 80 characters; null when it is fine. */
export function groupNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return groupMessages.groupNameRequired;
  if (trimmed.length > GROUP_NAME_MAX) return groupMessages.groupNameTooLong;
  return null;
}

export interface InvitationInput {
  accessRule: string;
  name: string;
  /** The phone check's result for phone groups (libphonenumber-js, src/lib/phone-rules.ts). */
  phone: { ok: true; e164: string } | { ok: false; problem: string } | null;
  email: string;
}

/**
 * The invitation form's rules (content §5): the name is required; a phone group needs a valid
 * phone number, an e-mail group an e-mail address; a group anyone with the link may join takes
 * no invitations ("Invalid access rule"). Field name → message; empty when the form is fine.
 */
export function invitationProblems(input: InvitationInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (input.name.trim() === '') problems['invitee_name'] = groupMessages.nameRequired;
  if (input.accessRule === ACCESS_RULES.phone) {
    if (!input.phone || (!input.phone.ok && input.phone.problem === 'empty'))
      problems['invitee_phone_number'] = groupMessages.phoneRequired;
    else if (!input.phone.ok) problems['invitee_phone_number'] = groupMessages.phoneInvalid;
  } else if (input.accessRule === ACCESS_RULES.email) {
    const email = input.email.trim();
    if (email === '') problems['invitee_email'] = groupMessages.emailRequired;
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      problems['invitee_email'] = 'invalid email address';
  } else {
    problems['channel_access_rule'] = groupMessages.invalidAccessRule;
  }
  return problems;
}

/** The members list's role of the group's admin (its creator). */
export function isAdminRole(role: string): boolean {
  return /admin|owner/i.test(role);
}
