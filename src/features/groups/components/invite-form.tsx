import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { notify } from '../../../components/ui/notices.tsx';
import {
  checkPhoneLocally,
  initialPhoneCountry,
  phoneCountries,
} from '../../../lib/phone-rules.ts';
import { requestFailureText, translateServerMessage } from '../../../lib/server-messages.ts';
import { storage } from '../../../lib/storage.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';
import type { Channel } from '../../../api/contract/channel.ts';
import {
  ACCESS_RULE_EMAIL,
  ACCESS_RULE_PHONE,
  chatMessages,
} from '../../../api/contract/constants.ts';
import { invitationFormProblems } from '../group-rules.ts';

/** The phone check waits until typing has paused this long (content §5). */
const PHONE_CHECK_DELAY_MS = 1000;

/**
 * The invitation form (docs/product/channels-and-groups.md "Invitations"): the invitee's name, and
 * a phone number (phone groups) or an e-mail address (e-mail groups). The invitation goes out by
 * SMS or e-mail; `onInvited` brings the inviter back to the members.
 */
export function InviteForm({ group, onInvited }: { group: Channel; onInvited: () => void }) {
  const { t, i18n } = useLingui();
  const create = useCreateInvitation(group.channel_name);
  const countries = useMemo(() => phoneCountries(i18n.locale), [i18n.locale]);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState(initialPhoneCountry);
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const rule = group.channel_access_rule;
  const byPhone = rule === ACCESS_RULE_PHONE;
  const byEmail = rule === ACCESS_RULE_EMAIL;

  // The phone is checked once typing has paused (a string, so the debounce compares by value).
  const settledKey = useDebouncedValue(`${country}|${phone}`, PHONE_CHECK_DELAY_MS);
  const settled = settledKey === `${country}|${phone}`;
  const phoneCheck = checkPhoneLocally(phone, country);
  const phoneStatus =
    phone.trim() === ''
      ? null
      : !settled
        ? { kind: 'hint' as const, text: t`Checking the number…` }
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
        <>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-country`}>
              <Trans>Country</Trans>
            </label>
            <select
              id={`${id}-country`}
              className="select"
              value={country}
              onChange={(event) => {
                setCountry(event.target.value);
                storage.set('phone-last-country', event.target.value);
              }}
            >
              {countries.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name} (+{option.callingCode})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-invitee_phone_number`}>
              <Trans>Their phone number</Trans>
            </label>
            <input
              id={`${id}-invitee_phone_number`}
              className="input"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={phone}
              aria-invalid={
                errors['invitee_phone_number'] || phoneStatus?.kind === 'error' ? true : undefined
              }
              aria-describedby={describedBy('invitee_phone_number', `${id}-phone-status`)}
              onChange={(event) => {
                setPhone(event.target.value);
                setErrors(({ invitee_phone_number: _dropped, ...rest }) => rest);
              }}
            />
            <span
              id={`${id}-phone-status`}
              className={
                phoneStatus?.kind === 'error'
                  ? 'field__error'
                  : phoneStatus?.kind === 'ok'
                    ? 'field__ok'
                    : 'field__hint'
              }
              aria-live="polite"
            >
              {errors['invitee_phone_number'] ? '' : (phoneStatus?.text ?? '')}
            </span>
            {errorOf('invitee_phone_number')}
          </div>
        </>
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
