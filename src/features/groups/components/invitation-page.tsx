import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { apiData, isNotFound } from '../../../api/client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { requestFailureText, translateServerMessage } from '../../../lib/server-messages.ts';
import { useSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInvitationPreview } from '../api/get-invitation.ts';
import type { Channel } from '../../../api/contract/channel.ts';
import { ACCESS_RULE_PHONE, chatMessages } from '../../../api/contract/constants.ts';
import './groups.css';

type Refusal = { kind: 'phone' } | { kind: 'email' } | { kind: 'other'; message: string };

/** Which rule of the group refused the caller (docs/product/channels-and-groups.md "Invitations"). */
function refusalOf(message: string): Refusal {
  if (message === chatMessages.phoneNeededToJoin || /confirmed phone/i.test(message))
    return { kind: 'phone' };
  if (message === chatMessages.emailNeededToJoin || /confirmed e-?mail/i.test(message))
    return { kind: 'email' };
  return { kind: 'other', message };
}

/**
 * /chatinvitation/{code} (docs/product/channels-and-groups.md "Invitations"): a visitor who is not
 * signed in is remembered as backToUrl and sent to sign in (or up), and comes back here; a
 * signed-in user joins and the group opens. A phone group needs a confirmed phone (verification is
 * offered, and comes back here), an e-mail group a confirmed e-mail address.
 */
export function InvitationPage({ code }: { code: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const here = `/chatinvitation/${encodeURIComponent(code)}`;

  useEffect(() => {
    if (session.signedIn) return;
    storage.set('backToUrl', here);
    void navigate({ to: '/signin', search: {}, replace: true });
  }, [session.signedIn, here, navigate]);

  if (!session.signedIn) {
    return (
      <p className="wave-list__status" role="status">
        <Trans>Taking you to sign in…</Trans>
      </p>
    );
  }
  return <AcceptInvitation code={code} here={here} />;
}

function AcceptInvitation({ code, here }: { code: string; here: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const accept = useAcceptInvitation();
  const preview = useInvitationPreview(code);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const invitation = preview.data;
  // A phone group and no confirmed phone yet: offer the verification before the refusal.
  const needsPhone =
    invitation?.channel_access_rule === ACCESS_RULE_PHONE && me !== null && !me.phoneconfirmed;
  const shown: Refusal | null = refusal ?? (needsPhone ? { kind: 'phone' } : null);
  const closed =
    invitation && invitation.status !== 'valid'
      ? invitation.status === 'expired'
        ? t`This invitation has expired. Please ask for a new one.`
        : invitation.status === 'used'
          ? t`This invitation has already been used.`
          : t`This invitation was withdrawn.`
      : preview.isError
        ? translateServerMessage(preview.error.message)
        : null;

  const join = async () => {
    setRefusal(null);
    try {
      const reply = await accept.mutateAsync(code);
      if (!reply.success || !reply.data) {
        setRefusal(refusalOf(isNotFound(reply) ? chatMessages.invitationNotFound : reply.message));
        return;
      }
      const name =
        reply.data.channel_name ??
        (await apiData<Channel>(`/channel/info/${reply.data.channel_id}`, { noCache: true }))
          .channel_name;
      await navigate({
        to: '/chat/$channel_name/{-$wave_name}',
        params: { channel_name: name, wave_name: undefined },
        replace: true,
      });
    } catch (error) {
      setRefusal({ kind: 'other', message: requestFailureText(error) });
    }
  };

  const verifyPhone = async () => {
    storage.set('phone-return-url', here);
    await navigate({ to: '/verifyphonenumber' });
  };

  return (
    <section
      className="page page--narrow card groups__invitation"
      aria-labelledby="invitation-title"
    >
      <h1 id="invitation-title">
        <Trans>You are invited to a chat group</Trans>
      </h1>
      {invitation && (
        <p className="groups__invitation-group">
          <strong>{invitation.description}</strong>
          <br />
          <span className="muted">
            <Trans>Invited by {invitation.inviter_displayname}</Trans>
          </span>
        </p>
      )}
      <p>
        <Trans>
          A chat group is a private place for voice messages: only its members hear them. Join to
          listen and record.
        </Trans>
      </p>
      {closed && !invitation?.is_member && (
        <p className="field__error groups__refusal" role="alert">
          {closed}
        </p>
      )}
      {shown?.kind === 'phone' && (
        <div className="groups__refusal" role="alert">
          <p>
            <Trans>
              This group is for members with a verified phone number. Confirm your phone number,
              then you come back here to join.
            </Trans>
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void verifyPhone()}
          >
            <Trans>Verify your phone number</Trans>
          </button>
        </div>
      )}
      {shown?.kind === 'email' && (
        <div className="groups__refusal" role="alert">
          <p>
            <Trans>
              This group is for members with a confirmed e-mail address. Confirm your address with
              the link we sent you when you signed up, then open this invitation again.
            </Trans>
          </p>
        </div>
      )}
      {shown?.kind === 'other' && (
        <p className="field__error groups__refusal" role="alert">
          {translateServerMessage(shown.message)}
        </p>
      )}
      {shown?.kind !== 'phone' && !(closed && !invitation?.is_member) && (
        <p className="groups__invitation-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={accept.isPending}
            onClick={() => void join()}
          >
            {accept.isPending
              ? t`Joining…`
              : invitation?.is_member
                ? t`Open the group`
                : t`Join the group`}
          </button>
          <Link to="/chatgroups" className="button">
            <Trans>Not now</Trans>
          </Link>
        </p>
      )}
      {me && (
        <p className="muted">
          <Trans>Signed in as @{me.username}.</Trans>
        </p>
      )}
    </section>
  );
}
