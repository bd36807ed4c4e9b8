import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { TransportError } from '../../../api/client.ts';
import { CAPTCHA_FIELD, captchaMessages } from '../../../api/contract/captcha.ts';
import { phoneProblemMessages } from '../../../api/contract/phone.ts';
import { Captcha, type CaptchaHandle } from '../../../components/captcha/captcha.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useSession } from '../../../lib/session.ts';
import { requestSmsCode } from '../api/request-sms-code.ts';
import { useValidatePhone } from '../api/validate-phone.ts';
import { checkPhoneLocally } from '../../../lib/phone-rules.ts';
import { usePhoneEntry } from '../../../lib/use-phone-entry.ts';
import { PhoneNumberFields } from '../../../components/forms/phone-number-fields.tsx';

type Verdict =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'valid'; e164: string }
  | { state: 'invalid'; message: string };

/**
 * /verifyphonenumber (docs/product/accounts.md "Phone verification"): a country picker (US by
 * default, remembering the last country), the number with a debounced check of the phone rules, a
 * captcha for anonymous users. On success the code is sent and the user continues to /entersmscode.
 */
export function VerifyPhoneForm() {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const { country, setCountry, phone, setPhone, isSettled, settled } = usePhoneEntry();
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const captcha = useRef<CaptchaHandle>(null);
  const phoneId = useId();
  const needsCaptcha = !session.signedIn;

  const local = checkPhoneLocally(settled.phone, settled.country);
  const server = useValidatePhone(settled.phone, settled.country, isSettled && local.ok);

  let verdict: Verdict = { state: 'idle' };
  if (phone.trim() !== '' && !isSettled) verdict = { state: 'checking' };
  else if (!local.ok && local.problem !== 'empty') {
    verdict = { state: 'invalid', message: phoneProblemMessages[local.problem] };
  } else if (local.ok) {
    if (server.data?.valid && server.data.e164)
      verdict = { state: 'valid', e164: server.data.e164 };
    else if (server.data) {
      verdict = {
        state: 'invalid',
        message: phoneProblemMessages[server.data.problem ?? 'invalid'],
      };
    } else if (server.isError) {
      // Our validation service is out of reach: the browser's check stands until submit.
      verdict = { state: 'valid', e164: local.e164 };
    } else verdict = { state: 'checking' };
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(null);
    if (phone.trim() === '') {
      setSubmitError(translateServerMessage('this field is required'));
      return;
    }
    const now = checkPhoneLocally(phone, country);
    if (!now.ok) {
      setSubmitError(translateServerMessage(phoneProblemMessages[now.problem]));
      return;
    }
    if (needsCaptcha && !captchaPayload) {
      setCaptchaError(translateServerMessage(captchaMessages.required));
      return;
    }
    setSending(true);
    try {
      const reply = await requestSmsCode({
        phone_number: phone,
        country,
        ...(captchaPayload ? { captcha: captchaPayload } : {}),
      });
      if (!reply.success || !reply.data) {
        const fields = reply.formFieldErrorMessages ?? {};
        if (fields[CAPTCHA_FIELD]) setCaptchaError(translateServerMessage(fields[CAPTCHA_FIELD]));
        const phoneMessage = fields['phone_number'];
        setSubmitError(translateServerMessage(phoneMessage ?? reply.message));
        notify(translateServerMessage(phoneMessage ?? reply.message));
        return;
      }
      await navigate({ to: '/entersmscode', search: { phone: reply.data.phone_number } });
    } catch (error) {
      notify(
        error instanceof TransportError || error instanceof Error
          ? translateServerMessage(error.message)
          : t`Unknown error occurred. Please try again.`,
      );
    } finally {
      setSending(false);
      if (needsCaptcha) captcha.current?.reset();
    }
  };

  const statusText =
    verdict.state === 'checking'
      ? t`Checking the number…`
      : verdict.state === 'valid'
        ? t`This number looks right: ${verdict.e164}`
        : verdict.state === 'invalid'
          ? translateServerMessage(verdict.message)
          : '';
  const status =
    verdict.state === 'idle'
      ? null
      : {
          kind:
            verdict.state === 'valid'
              ? ('ok' as const)
              : verdict.state === 'invalid'
                ? ('error' as const)
                : ('checking' as const),
          text: statusText,
        };

  return (
    <form className="card form" onSubmit={(event) => void submit(event)} noValidate>
      <PhoneNumberFields
        inputId={phoneId}
        label={<Trans>Phone number</Trans>}
        hint={<Trans>We send a six-digit code to this number by SMS.</Trans>}
        country={country}
        onCountryChange={setCountry}
        phone={phone}
        onPhoneChange={(value) => {
          setPhone(value);
          setSubmitError(null);
        }}
        status={status}
        error={submitError}
        autoComplete="tel"
      />
      {needsCaptcha && (
        <Captcha
          ref={captcha}
          onChange={(payload) => {
            setCaptchaPayload(payload);
            if (payload) setCaptchaError(null);
          }}
          error={captchaError}
          purpose="sms"
        />
      )}
      <div className="phone-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={sending || verdict.state === 'invalid'}
        >
          {sending ? t`Sending…` : t`Send the code`}
        </button>
      </div>
    </form>
  );
}
