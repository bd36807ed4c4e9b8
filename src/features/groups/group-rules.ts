import { groupNameSchema } from '../../api/contract/channel.ts';
import { invitationProblems } from '../../api/contract/chat.ts';
import { chatMessages } from '../../api/contract/constants.ts';
import type { PhoneCheck } from '../../api/contract/phone.ts';

/** The group name's rule (the contract's): required, at most 80; null when fine. */
export function groupNameProblem(name: string): string | null {
  const result = groupNameSchema.safeParse(name);
  return result.success
    ? null
    : (result.error.issues[0]?.message ?? chatMessages.groupNameRequired);
}

/**
 * The invitation form's rules (docs/product/channels-and-groups.md "Access rules"): the name is
 * required, and the group's rule decides which address (the contract's invitationProblems). Field →
 * message; empty when fine.
 */
export function invitationFormProblems(
  rule: string,
  input: { invitee_name: string; invitee_phone_number: string; invitee_email: string },
  checkPhone: (input: string) => PhoneCheck,
): Record<string, string> {
  return {
    ...(input.invitee_name.trim() === '' ? { invitee_name: chatMessages.inviteeNameRequired } : {}),
    ...invitationProblems(rule, input, checkPhone),
  };
}
