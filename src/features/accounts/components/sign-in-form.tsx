import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { signInFormSchema, type SignInFormValues } from '../../../api/contract/auth.ts';
import { captchaMessages } from '../../../api/contract/captcha.ts';
import { GUEST_EMAIL } from '../../../api/contract/constants.ts';
import { Captcha, type CaptchaHandle } from '../../../components/captcha/captcha.tsx';
import { FormField } from '../../../components/forms/form-field.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { randomGuestPassword } from '../forms/rules.ts';

export type SignInSubmission = SignInFormValues & { captcha?: string | undefined };

/**
 * Sign-in (docs/product/accounts.md "Sign-in"): enter as guest, e-mail and password. `onSubmit`
 * gets the trimmed values. The guest button fills the fixed guest e-mail and a random 8-character
 * password, then submits by itself (docs/product/accounts.md "The guest account"). After failed
 * sign-ins the server asks for a captcha (`captchaRequired`): the form shows it and sends its
 * payload (docs/product/accounts.md "Failed sign-ins").
 */
export function SignInForm({
  onSubmit,
  disabled,
  captchaRequired,
  captchaError,
  captchaRef,
}: {
  onSubmit: (values: SignInSubmission) => void;
  disabled: boolean;
  captchaRequired: boolean;
  /** The server's word on the last captcha (required, failed), translated. */
  captchaError: string | null;
  captchaRef: Ref<CaptchaHandle>;
}) {
  const { t } = useLingui();
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<SignInFormValues>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
  });
  const fieldError = (message: string | undefined) =>
    message ? translateServerMessage(message) : undefined;

  const enterAsGuest = () => {
    const password = randomGuestPassword();
    setValue('email', GUEST_EMAIL);
    setValue('password', password);
    onSubmit({ email: GUEST_EMAIL, password });
  };

  return (
    <>
      <div className="accounts-guest">
        <button
          type="button"
          className="button button--large accounts-guest__button"
          onClick={enterAsGuest}
          disabled={disabled}
        >
          <Trans>Enter as guest</Trans>
        </button>
        <p className="field__hint">
          <Trans>Listen and record without an account, as the user “anonymous”.</Trans>
        </p>
      </div>
      <p className="accounts-divider">
        <span>
          <Trans>or sign in with your account</Trans>
        </span>
      </p>
      <form
        className="form"
        noValidate
        onSubmit={handleSubmit((values) => {
          if (captchaRequired && !captchaPayload) {
            setCaptchaMissing(true);
            return;
          }
          onSubmit({ ...values, ...(captchaPayload ? { captcha: captchaPayload } : {}) });
        })}
      >
        <FormField label={t`E-mail`} error={fieldError(errors.email?.message)}>
          {(control) => (
            <input
              {...control}
              {...register('email')}
              className="input"
              type="email"
              autoComplete="username"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField label={t`Password`} error={fieldError(errors.password?.message)}>
          {(control) => (
            <input
              {...control}
              {...register('password')}
              className="input"
              type="password"
              autoComplete="current-password"
            />
          )}
        </FormField>
        {captchaRequired && (
          <>
            <p className="field__hint">
              <Trans>
                Several sign-ins to this account did not succeed. Please confirm you are a person to
                go on.
              </Trans>
            </p>
            <Captcha
              ref={captchaRef}
              onChange={(payload) => {
                setCaptchaPayload(payload);
                if (payload) setCaptchaMissing(false);
              }}
              error={
                captchaMissing ? translateServerMessage(captchaMessages.required) : captchaError
              }
            />
          </>
        )}
        <button type="submit" className="button button--primary button--large" disabled={disabled}>
          <Trans>Sign in</Trans>
        </button>
      </form>
    </>
  );
}
