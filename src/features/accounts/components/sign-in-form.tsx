import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { signInFormSchema, type SignInFormValues } from '../../../api/contract/auth.ts';
import { GUEST_EMAIL } from '../../../api/contract/constants.ts';
import { FormField } from '../../../components/forms/form-field.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { randomGuestPassword } from '../forms/rules.ts';

/**
 * Spec §2 sign-in: enter as guest, e-mail and password. `onSubmit` gets the trimmed values.
 * The guest button fills the fixed guest e-mail and a random 8-character password, then
 * submits by itself (spec §4 "Guest entry").
 */
export function SignInForm({
  onSubmit,
  disabled,
}: {
  onSubmit: (values: SignInFormValues) => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
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
      <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
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
        <button type="submit" className="button button--primary button--large" disabled={disabled}>
          <Trans>Sign in</Trans>
        </button>
      </form>
    </>
  );
}
