import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Logo } from '../../../components/ui/logo.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';
import './accounts.css';

/**
 * What the start-up gate shows for any URL with ?token= (docs/product/shell.md "Start-up gating"): the e-mailed
 * password-reset link. An empty token shows the error page with the token message.
 */
export function PasswordResetScreen({ token }: { token: string }) {
  const { t } = useLingui();
  const [done, setDone] = useState(false);

  let body;
  if (!token.trim()) {
    body = (
      <div className="card accounts-card accounts-result" role="alert">
        <h2>
          <Trans>This link does not work</Trans>
        </h2>
        <p>
          <Trans>
            The token is missing from the link. Open the link from the e-mail again, or ask for a
            new one.
          </Trans>
        </p>
        <div className="accounts-actions">
          <Link to="/resetpassword" className="button button--primary">
            <Trans>Ask for a new link</Trans>
          </Link>
          <Link to="/newest" className="button">
            <Trans>Home</Trans>
          </Link>
        </div>
      </div>
    );
  } else if (done) {
    body = (
      <div className="card accounts-card accounts-result" role="status">
        <h2>
          <Trans>Your password is changed</Trans>
        </h2>
        <p>
          <Trans>
            Sign in with your new password. For your safety, every device that was signed in has
            been signed out.
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
  } else {
    body = <ResetPasswordForm token={token} onDone={() => setDone(true)} />;
  }

  return (
    <main className="accounts-standalone">
      <Link to="/newest" className="accounts-standalone__brand" aria-label={t`Waves – newest`}>
        <Logo size={40} />
        <span>Waves</span>
      </Link>
      <section className="page page--narrow accounts" aria-labelledby="new-password-title">
        <h1 id="new-password-title">
          <Trans>Choose a new password</Trans>
        </h1>
        {body}
        <nav className="accounts-links" aria-label={t`More`}>
          <Link to="/signin">
            <Trans>Sign in</Trans>
          </Link>
          <Link to="/resetpassword">
            <Trans>Ask for a new link</Trans>
          </Link>
          <Link to="/newest">
            <Trans>Home</Trans>
          </Link>
        </nav>
      </section>
    </main>
  );
}
