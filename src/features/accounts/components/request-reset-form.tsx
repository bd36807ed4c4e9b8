import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { FormField } from '../../../components/forms/form-field.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { requestResetProblem } from '../forms/rules.ts';
import { requestErrorAlert, requestErrorText } from '../api/request-errors.ts';
import { PleaseWait } from './please-wait.tsx';

/**
 * /resetpassword without a token (docs/product/accounts.md "Password reset"): e-mail, submit,
 * loading, success, links.
 */
export function RequestResetForm() {
  const { t } = useLingui();
  const [phase, setPhase] = useState<'start' | 'loading' | 'success'>('start');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = requestResetProblem(email);
    if (problem) {
      const text = translateServerMessage(problem);
      setError(text);
      notify(text);
      input.current?.focus();
      return;
    }
    setError(undefined);
    setPhase('loading');
    try {
      const reply = await requestPasswordReset(email.trim());
      if (reply.success) {
        setPhase('success');
        return;
      }
      notify(t`Error sending reset link.`);
      if (reply.message) notify(translateServerMessage(reply.message));
      const field = reply.formFieldErrorMessages?.['email'];
      if (field) setError(translateServerMessage(field));
      setPhase('start');
    } catch (caught) {
      notify(requestErrorAlert(requestErrorText(caught)));
      setPhase('start');
    }
  };

  if (phase === 'success') {
    return (
      <div className="card accounts-card accounts-result" role="status">
        <h2>
          <Trans>Check your e-mail</Trans>
        </h2>
        <p>
          <Trans>
            If an account exists for <strong>{email.trim()}</strong>, we sent it a link to choose a
            new password. The link works once, for 30 minutes.
          </Trans>
        </p>
        <div className="accounts-actions">
          <Link to="/signin" className="button button--primary">
            <Trans>Sign in</Trans>
          </Link>
          <Link to="/newest" className="button">
            <Trans>Home</Trans>
          </Link>
        </div>
      </div>
    );
  }

  return (
    <>
      {phase === 'loading' && <PleaseWait />}
      <form
        className="form card accounts-card"
        noValidate
        onSubmit={(event) => void submit(event)}
        hidden={phase !== 'start'}
      >
        <p className="accounts-lead">
          <Trans>
            Enter the e-mail address of your account. We will send you a link to choose a new
            password. The same link also confirms your address.
          </Trans>
        </p>
        <FormField label={t`E-mail`} error={error}>
          {(control) => (
            <input
              {...control}
              ref={input}
              className="input"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="button button--primary button--large">
          <Trans>Send me a link</Trans>
        </button>
      </form>
    </>
  );
}
