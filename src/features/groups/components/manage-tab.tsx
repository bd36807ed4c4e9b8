import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { notify } from '../../../components/ui/notices.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { requestFailureText, translateServerMessage } from '../../../lib/server-messages.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { useMembers } from '../api/get-members.ts';
import type { Channel } from '../../../api/contract/channel.ts';
import { useLeaveGroup } from '../api/leave-group.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useRenameGroup } from '../api/rename-group.ts';
import { useRenewGroupLink } from '../api/renew-group-link.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { groupNameProblem } from '../group-rules.ts';
import { GroupNameField, MemberName, memberName } from './group-parts.tsx';

/**
 * /chat/manage/{channel_name} (docs/product/channels-and-groups.md "Chat groups"): the group's
 * admin renames it, sees and revokes pending invitations, removes members and renews the
 * shareable link; every member can leave, after confirming.
 */
export function ManageTab({ group }: { group: Channel }) {
  const me = useCurrentUser();
  const members = useMembers(group.channel_name);
  const isAdmin = Boolean(
    me && members.data?.some((member) => member.user_id === me.user_id && member.role === 'admin'),
  );
  return (
    <div className="groups__manage">
      {members.isPending ? (
        <p className="wave-list__status" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        isAdmin && <AdminTools group={group} />
      )}
      <LeaveGroup group={group} />
    </div>
  );
}

function useAction() {
  const { t } = useLingui();
  return async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify(done, { kind: 'success' });
      return true;
    } catch (error) {
      notify(
        error instanceof TypeError
          ? requestFailureText(error)
          : t`Request error: ${translateServerMessage((error as Error).message)}`,
      );
      return false;
    }
  };
}

function AdminTools({ group }: { group: Channel }) {
  const { t, i18n } = useLingui();
  const renameGroup = useRenameGroup(group.channel_id);
  const revokeInvitation = useRevokeInvitation(group.channel_id);
  const removeMember = useRemoveMember(group.channel_id);
  const renewLink = useRenewGroupLink(group.channel_id);
  const members = useMembers(group.channel_name);
  const invitations = useInvitations(group.channel_name, true);
  const run = useAction();
  const id = useId();
  const [name, setName] = useState(group.description);
  const [nameError, setNameError] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' });
  const pending = (invitations.data ?? []).filter((invitation) => invitation.status === 'pending');

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const problem = groupNameProblem(name);
    setNameError(problem ? translateServerMessage(problem) : null);
    if (problem) return;
    await run(
      () => renameGroup.mutateAsync({ description: name.trim() }),
      t`The group is renamed.`,
    );
  };

  return (
    <>
      <form className="card form" onSubmit={(event) => void rename(event)} noValidate>
        <h2 className="groups__subtitle">
          <Trans>Group name</Trans>
        </h2>
        <GroupNameField
          inputId={`${id}-name`}
          label={<Trans>Name</Trans>}
          value={name}
          error={nameError}
          onChange={(value) => {
            setName(value);
            setNameError(null);
          }}
        />
        <button type="submit" className="button" disabled={renameGroup.isPending}>
          <Trans>Rename</Trans>
        </button>
      </form>

      <section className="card" aria-labelledby={`${id}-invitations`}>
        <h2 id={`${id}-invitations`} className="groups__subtitle">
          <Trans>Pending invitations</Trans>
        </h2>
        {invitations.isPending ? (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        ) : invitations.isError ? (
          <p role="alert" className="field__error">
            {t`Request error: ${translateServerMessage(invitations.error.message)}`}
          </p>
        ) : pending.length === 0 ? (
          <p className="muted">
            <Trans>No pending invitations.</Trans>
          </p>
        ) : (
          <ul className="groups__people">
            {pending.map((invitation) => {
              const who =
                invitation.invitee_name ||
                invitation.invitee_username ||
                invitation.invitee_email ||
                invitation.invitee_phone_number ||
                '?';
              const when = date.format(new Date(invitation.invited_at));
              return (
                <li key={invitation.invitation_id} className="groups__person">
                  <span className="groups__person-name">{who}</span>
                  <span className="muted">
                    <Trans>Invited on {when}</Trans>
                  </span>
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t`Revoke the invitation of ${who}`}
                    onClick={() =>
                      void run(
                        () =>
                          revokeInvitation.mutateAsync({ invitation_id: invitation.invitation_id }),
                        t`The invitation is revoked.`,
                      )
                    }
                  >
                    <Trans>Revoke</Trans>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby={`${id}-members`}>
        <h2 id={`${id}-members`} className="groups__subtitle">
          <Trans>Members</Trans>
        </h2>
        {members.isError ? (
          <p role="alert" className="field__error">
            {t`Request error: ${translateServerMessage(members.error.message)}`}
          </p>
        ) : (
          <ul className="groups__people">
            {(members.data ?? []).map((member) => {
              const who = memberName(member);
              const isGroupAdmin = member.role === 'admin';
              return (
                <li key={member.user_id} className="groups__person">
                  <MemberName member={member} />
                  {!isGroupAdmin && (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={t`Remove ${who} from the group`}
                      onClick={() => {
                        if (!window.confirm(t`Remove ${who} from the group?`)) return;
                        void run(
                          () => removeMember.mutateAsync({ user_id: member.user_id }),
                          t`${who} is removed.`,
                        );
                      }}
                    >
                      <Trans>Remove</Trans>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby={`${id}-link`}>
        <h2 id={`${id}-link`} className="groups__subtitle">
          <Trans>Shareable link</Trans>
        </h2>
        <p className="muted">
          <Trans>
            A new link replaces the old one: whoever has the old link can no longer join with it.
          </Trans>
        </p>
        <button
          type="button"
          className="button"
          disabled={renewLink.isPending}
          onClick={() => void run(() => renewLink.mutateAsync(), t`The group has a new link.`)}
        >
          <Trans>Renew the link</Trans>
        </button>
      </section>
    </>
  );
}

function LeaveGroup({ group }: { group: Channel }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const leaveGroup = useLeaveGroup(group.channel_id, group.channel_name);
  const run = useAction();
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-leave`}>
      <h2 id={`${id}-leave`} className="groups__subtitle">
        <Trans>Leave the group</Trans>
      </h2>
      {confirming ? (
        <div role="alertdialog" aria-labelledby={`${id}-question`} className="groups__confirm">
          <p id={`${id}-question`}>
            <Trans>
              Leave this group? You will no longer hear its messages, and you need a new invitation
              to come back.
            </Trans>
          </p>
          <div className="groups__confirm-actions">
            <button
              type="button"
              className="button button--danger"
              autoFocus
              disabled={leaveGroup.isPending}
              onClick={() =>
                void run(() => leaveGroup.mutateAsync(), t`You left the group.`).then((left) => {
                  if (left) void navigate({ to: '/chatgroups' });
                })
              }
            >
              <Trans>Leave</Trans>
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setConfirming(true)}>
          <Trans>Leave the group…</Trans>
        </button>
      )}
    </section>
  );
}
