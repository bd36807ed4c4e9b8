import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  authMessages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  resetPasswordFormSchema,
  type ResetPasswordFormValues,
} from '../../../api/contract/auth.ts';
import { FormField } from '../../../components/forms/form-field.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { resetPassword } from '../api/reset-password.ts';
import { resetPasswordProblem } from '../forms/rules.ts';
import { requestErrorAlert, requestErrorText } from '../api/request-errors.ts';
import { PleaseWait } from './please-wait.tsx';

/**
 * /resetpassword with a token (docs/product/accounts.md "Password reset"): new password twice, then
 * the success message.
 */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useLingui();
  const [phase, setPhase] = useState<'start' | 'loading'>('start');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const fieldError = (message: string | undefined) =>
    message ? translateServerMessage(message) : undefined;

  const submit = async (values: ResetPasswordFormValues) => {
    const problem = resetPasswordProblem(values.password, values.confirmPassword);
    if (problem) {
      notify(translateServerMessage(problem));
      if (problem === authMessages.passwordsDoNotMatch) {
        setError('confirmPassword', { message: problem }, { shouldFocus: true });
      } else {
        if (!values.password) setError('password', { message: authMessages.required });
        if (!values.confirmPassword) {
          setError('confirmPassword', { message: authMessages.required });
        }
      }
      return;
    }
    setPhase('loading');
    try {
      const reply = await resetPassword({ password: values.password, token });
      if (reply.success) {
        onDone();
        return;
      }
      notify(requestErrorAlert(reply.message));
      for (const [field, message] of Object.entries(reply.formFieldErrorMessages ?? {})) {
        notify(translateServerMessage(message));
        if (field === 'password') setError('password', { message }, { shouldFocus: true });
      }
    } catch (error) {
      notify(requestErrorAlert(requestErrorText(error)));
    }
    setPhase('start');
  };

  return (
    <>
      {phase === 'loading' && <PleaseWait />}
      <form
        className="form card accounts-card"
        noValidate
        onSubmit={handleSubmit(submit)}
        hidden={phase !== 'start'}
      >
        <FormField
          label={t`New password`}
          hint={t`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={fieldError(errors.password?.message)}
        >
          {(control) => (
            <input
              {...control}
              {...register('password')}
              className="input"
              type="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
            />
          )}
        </FormField>
        <FormField
          label={t`Repeat the new password`}
          error={fieldError(errors.confirmPassword?.message)}
        >
          {(control) => (
            <input
              {...control}
              {...register('confirmPassword')}
              className="input"
              type="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
            />
          )}
        </FormField>
        <button type="submit" className="button button--primary button--large">
          <Trans>Save the new password</Trans>
        </button>
      </form>
    </>
  );
}
