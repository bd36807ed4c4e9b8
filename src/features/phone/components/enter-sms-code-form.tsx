import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { ApiFailure } from '../../../api/client.ts';
import { phoneMessages, SMS_CODE_LENGTH } from '../../../api/contract/constants.ts';
import { smsCodeSchema } from '../../../api/contract/phone.ts';
import { notify } from '../../../components/ui/notices.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useConfirmSmsCode } from '../api/confirm-sms-code.ts';
import { takePhoneReturnUrl } from '../../../lib/phone-return-url.ts';

/**
 * /entersmscode (docs/product/accounts.md "Phone verification"): exactly six digits; then the
 * stored return URL, or /profilesettings.
 */
export function EnterSmsCodeForm({ phone }: { phone: string | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const confirm = useConfirmSmsCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = smsCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(translateServerMessage(phoneMessages.invalidSmsCode));
      return;
    }
    setError(null);
    try {
      await confirm.mutateAsync(parsed.data);
      notify(translateServerMessage(phoneMessages.phoneConfirmed), { kind: 'success' });
      // An href: the return address may carry a query (e.g. /chat/new?name=…).
      await navigate({ href: takePhoneReturnUrl() });
    } catch (failure) {
      const message =
        failure instanceof ApiFailure
          ? (failure.reply.formFieldErrorMessages['smscode'] ?? failure.message)
          : (failure as Error).message;
      setError(translateServerMessage(message));
      notify(translateServerMessage(message));
    }
  };

  return (
    <form className="card form" onSubmit={(event) => void submit(event)} noValidate>
      <p>
        {phone ? (
          <Trans>
            We sent a code to <strong>{phone}</strong>. It is valid for 10 minutes.
          </Trans>
        ) : (
          <Trans>Enter the code we sent you by SMS. It is valid for 10 minutes.</Trans>
        )}
      </p>
      <div className="field">
        <label htmlFor={id} className="field__label">
          <Trans>Six-digit code</Trans>
        </label>
        <input
          id={id}
          className="input phone-code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={SMS_CODE_LENGTH}
          value={code}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setCode(event.target.value.replace(/\s/g, ''));
            setError(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      <div className="phone-actions">
        <button type="submit" className="button button--primary" disabled={confirm.isPending}>
          {confirm.isPending ? t`Checking…` : t`Confirm`}
        </button>
        <Link to="/verifyphonenumber">
          <Trans>No code? Ask for a new one</Trans>
        </Link>
      </div>
    </form>
  );
}
