import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useMembers } from '../api/get-members.ts';
import type { Channel } from '../../../api/contract/channel.ts';
import { InviteForm } from './invite-form.tsx';
import { MemberName } from './group-parts.tsx';
import { ShareLink } from './share-link.tsx';

/**
 * /chat/members/{channel_name} (docs/product/channels-and-groups.md "Chat groups"): each member's
 * display name and "Joined on" date ("no members to show" when empty), the group's shareable link
 * and the invite button.
 */
export function MembersTab({ group }: { group: Channel }) {
  const { t, i18n } = useLingui();
  const members = useMembers(group.channel_name);
  const [inviting, setInviting] = useState(false);
  const inviteButton = useRef<HTMLButtonElement>(null);
  const joined = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' });

  return (
    <div className="groups__members">
      <div className="groups__invite">
        {group.channel_invitation_code && <ShareLink code={group.channel_invitation_code} />}
        {!inviting && (
          <button
            ref={inviteButton}
            type="button"
            className="button button--primary"
            onClick={() => setInviting(true)}
          >
            <Trans>Invite someone</Trans>
          </button>
        )}
        {inviting && (
          <>
            <InviteForm
              group={group}
              onInvited={() => {
                setInviting(false);
                void members.refetch();
              }}
            />
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setInviting(false)}
            >
              <Trans>Cancel</Trans>
            </button>
          </>
        )}
      </div>
      <h2 className="groups__subtitle">
        <Trans>Members</Trans>
      </h2>
      {members.isPending ? (
        <p className="wave-list__status" role="status">
          <Trans>Loading members…</Trans>
        </p>
      ) : members.isError ? (
        <div className="wave-list__status wave-list__status--error" role="alert">
          <p>
            {members.error.message
              ? t`Request error: ${translateServerMessage(members.error.message)}`
              : t`Unknown error`}
          </p>
          <button
            type="button"
            className="button button--small"
            onClick={() => void members.refetch()}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : members.data.length === 0 ? (
        <p className="wave-list__status">
          <Trans>no members to show</Trans>
        </p>
      ) : (
        <ul className="groups__people">
          {members.data.map((member) => {
            const date = joined.format(new Date(member.member_since));
            return (
              <li key={member.user_id} className="groups__person">
                <MemberName member={member} />
                <span className="muted groups__person-since">
                  <Trans>Joined on {date}</Trans>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
