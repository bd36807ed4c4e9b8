import { useLingui } from '@lingui/react/macro';
import type { ChatMember } from '../../../api/contract/chat.ts';

/** What a member is called in a group's lists, and the admin's badge. */
export function memberName(member: ChatMember): string {
  return member.displayname || member.username;
}

export function MemberName({ member }: { member: ChatMember }) {
  const { t } = useLingui();
  return (
    <span className="groups__person-name">
      {memberName(member)}
      {member.role === 'admin' && <span className="groups__badge">{t`Admin`}</span>}
    </span>
  );
}
