import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ChatMember } from '../../../api/contract/chat.ts';
import { GROUP_NAME_MAX } from '../../../api/contract/constants.ts';

// Pieces several group screens show. One module on purpose: the screens that use them share one
// chunk with the group rules, and every further chunk costs /newest's initial JavaScript a line
// in the preload map (docs/budgets.md "Initial JavaScript").

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

/**
 * A group's name (stored as its description, at most GROUP_NAME_MAX characters;
 * docs/product/channels-and-groups.md "Chat groups") with its character count and its error, on the
 * new-group form and the admin's rename form.
 */
export function GroupNameField({
  inputId,
  label,
  value,
  error,
  onChange,
}: {
  inputId: string;
  label: ReactNode;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="input"
        value={value}
        maxLength={GROUP_NAME_MAX + 20}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${inputId}-hint`} className="field__hint">
        {value.trim().length}/{GROUP_NAME_MAX}
      </span>
      {error && (
        <span id={`${inputId}-error`} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}
