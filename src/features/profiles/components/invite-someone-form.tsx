import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiFailure } from '../../../api/client.ts';
import { INVITEE_NAME_MAX } from '../../../api/contract/constants.ts';
import {
  inviteSomeoneBodySchema,
  type Invitation,
  type InviteSomeoneBody,
} from '../../../api/contract/invite.ts';
import { FormField } from '../../../components/forms/form-field.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useInviteSomeone } from '../api/invite-someone.ts';

/**
 * The invitation form: the invitee's name, then a personal text with the link that the inviter
 * copies or shares (we send nothing ourselves).
 */
export function InviteSomeoneForm({ teamId }: { teamId: number | null }) {
  const { t } = useLingui();
  const invite = useInviteSomeone();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const form = useForm<InviteSomeoneBody, unknown, InviteSomeoneBody>({
    resolver: zodResolver(inviteSomeoneBodySchema),
    defaultValues: { invitee_name: '', team_id: teamId ?? 0 },
  });
  const nameError = form.formState.errors.invitee_name?.message;

  if (teamId === null) {
    return (
      <section className="page page--narrow">
        <h1>{t`Invite someone`}</h1>
        <p role="alert">{translateServerMessage('team not found')}</p>
        <Link to="/people">{t`See who is here`}</Link>
      </section>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      setInvitation(await invite.mutateAsync(values));
    } catch (error) {
      const message =
        error instanceof ApiFailure
          ? (error.reply.formFieldErrorMessages['invitee_name'] ?? error.message)
          : (error as Error).message;
      notify(translateServerMessage(message));
    }
  });

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify(t`Link copied to clipboard!`, { kind: 'success' });
    } catch {
      notify(t`Copying is not possible here. Select the text and copy it yourself.`);
    }
  };

  return (
    <section className="page page--narrow" aria-labelledby="invite-title">
      <h1 id="invite-title">
        <Trans>Invite someone</Trans>
      </h1>
      {invitation ? (
        <div className="card form">
          <p>
            <Trans>
              Here is your invitation for {invitation.invitee_name}. Send it any way you like.
            </Trans>
          </p>
          <FormField label={t`Invitation`}>
            {(control) => (
              <textarea
                {...control}
                className="textarea profiles-invite__text"
                readOnly
                value={invitation.invite_text}
              />
            )}
          </FormField>
          <div className="profiles-settings__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => void copy(invitation.invite_text)}
            >
              <Trans>Copy</Trans>
            </button>
            {typeof navigator.share === 'function' && (
              <button
                type="button"
                className="button"
                onClick={() =>
                  void navigator
                    .share({ text: invitation.invite_text, url: invitation.invite_url })
                    .catch(() => undefined)
                }
              >
                <Trans>Share</Trans>
              </button>
            )}
            <a className="button" href={`sms:?&body=${encodeURIComponent(invitation.invite_text)}`}>
              <Trans>Send as SMS</Trans>
            </a>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setInvitation(null);
                form.reset({ invitee_name: '', team_id: teamId });
              }}
            >
              <Trans>Invite someone else</Trans>
            </button>
          </div>
        </div>
      ) : (
        <form className="card form" onSubmit={submit} noValidate>
          <p>
            <Trans>
              Invite a friend to listen to your waves and follow you. You send the invitation
              yourself, by message, e-mail or any way you like.
            </Trans>
          </p>
          <FormField
            label={t`Name of the person you invite`}
            hint={t`We write a personal invitation with a link for you to send.`}
            error={nameError ? translateServerMessage(nameError) : undefined}
          >
            {(control) => (
              <input
                {...control}
                {...form.register('invitee_name')}
                className="input"
                maxLength={INVITEE_NAME_MAX}
                autoComplete="off"
                required
              />
            )}
          </FormField>
          <div className="profiles-settings__actions">
            <button type="submit" className="button button--primary" disabled={invite.isPending}>
              {invite.isPending ? t`Please wait…` : t`Create invitation`}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
