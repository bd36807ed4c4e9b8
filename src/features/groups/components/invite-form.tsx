import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { notify } from '../../../components/ui/notices.tsx';
import { PhoneNumberFields } from '../../../components/forms/phone-number-fields.tsx';
import { checkPhoneLocally } from '../../../lib/phone-rules.ts';
import { requestFailureText, translateServerMessage } from '../../../lib/server-messages.ts';
import { usePhoneEntry } from '../../../lib/use-phone-entry.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';
import type { Channel } from '../../../api/contract/channel.ts';
import {
  ACCESS_RULE_EMAIL,
  ACCESS_RULE_PHONE,
  chatMessages,
} from '../../../api/contract/constants.ts';
import { invitationFormProblems } from '../group-rules.ts';

/**
 * The invitation form (docs/product/channels-and-groups.md "Invitations"): the invitee's name, and
 * a phone number (phone groups) or an e-mail address (e-mail groups). The invitation goes out by
 * SMS or e-mail; `onInvited` brings the inviter back to the members.
 */
export function InviteForm({ group, onInvited }: { group: Channel; onInvited: () => void }) {
  const { t } = useLingui();
  const create = useCreateInvitation(group.channel_name);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const { country, setCountry, phone, setPhone, isSettled } = usePhoneEntry();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const rule = group.channel_access_rule;
  const byPhone = rule === ACCESS_RULE_PHONE;
  const byEmail = rule === ACCESS_RULE_EMAIL;

  // The phone is checked once typing has paused.
  const phoneCheck = checkPhoneLocally(phone, country);
  const phoneStatus =
    phone.trim() === ''
      ? null
      : !isSettled
        ? { kind: 'checking' as const, text: t`Checking the number…` }
        : phoneCheck.ok
          ? { kind: 'ok' as const, text: t`This number looks right: ${phoneCheck.e164}` }
          : { kind: 'error' as const, text: translateServerMessage(chatMessages.phoneInvalid) };

  if (!byPhone && !byEmail) {
    return (
      <p className="card field__error" role="alert">
        {translateServerMessage(chatMessages.invalidAccessRule)}.{' '}
        <Trans>Anyone with the group's link can join: share the link instead.</Trans>
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = invitationFormProblems(
      rule,
      { invitee_name: name, invitee_phone_number: phone, invitee_email: email },
      (input) => checkPhoneLocally(input, country),
    );
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    try {
      const reply = await create.mutateAsync({
        channel_id: group.channel_id,
        invitee_name: name.trim(),
        ...(byEmail ? { invitee_email: email.trim() } : {}),
        ...(byPhone && phoneCheck.ok ? { invitee_phone_number: phoneCheck.e164, country } : {}),
      });
      if (reply.success) {
        notify(
          byPhone
            ? t`Invitation sent by SMS to ${name.trim()}.`
            : t`Invitation sent by e-mail to ${name.trim()}.`,
          { kind: 'success' },
        );
        onInvited();
        return;
      }
      setErrors(reply.formFieldErrorMessages);
      const message = Object.values(reply.formFieldErrorMessages)[0] ?? reply.message;
      notify(t`Failed to create invitation: ${translateServerMessage(message)}`);
    } catch (error) {
      notify(
        error instanceof TypeError
          ? requestFailureText(error)
          : t`Failed to create invitation: ${translateServerMessage((error as Error).message)}`,
      );
    }
  };

  const errorOf = (field: string) =>
    errors[field] ? (
      <span id={`${id}-${field}-error`} className="field__error">
        {translateServerMessage(errors[field])}
      </span>
    ) : null;
  const describedBy = (field: string, hint?: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') ||
    undefined;

  return (
    <form
      className="card form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>
        <Trans>Invite someone</Trans>
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-invitee_name`}>
          <Trans>Their name</Trans>
        </label>
        <input
          id={`${id}-invitee_name`}
          className="input"
          autoComplete="off"
          value={name}
          aria-invalid={errors['invitee_name'] ? true : undefined}
          aria-describedby={describedBy('invitee_name')}
          onChange={(event) => setName(event.target.value)}
        />
        {errorOf('invitee_name')}
      </div>
      {byPhone && (
        <PhoneNumberFields
          inputId={`${id}-invitee_phone_number`}
          label={<Trans>Their phone number</Trans>}
          country={country}
          onCountryChange={setCountry}
          phone={phone}
          onPhoneChange={(value) => {
            setPhone(value);
            setErrors(({ invitee_phone_number: _dropped, ...rest }) => rest);
          }}
          status={phoneStatus}
          error={
            errors['invitee_phone_number'] && translateServerMessage(errors['invitee_phone_number'])
          }
          autoComplete="off"
        />
      )}
      {byEmail && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-invitee_email`}>
            <Trans>Their e-mail address</Trans>
          </label>
          <input
            id={`${id}-invitee_email`}
            className="input"
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={errors['invitee_email'] ? true : undefined}
            aria-describedby={describedBy('invitee_email')}
            onChange={(event) => setEmail(event.target.value)}
          />
          {errorOf('invitee_email')}
        </div>
      )}
      <p className="field__hint">
        {byPhone ? (
          <Trans>We send them a text message with a link to join.</Trans>
        ) : (
          <Trans>We send them an e-mail with a link to join.</Trans>
        )}
      </p>
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {create.isPending ? <Trans>Sending…</Trans> : <Trans>Send the invitation</Trans>}
      </button>
    </form>
  );
}
