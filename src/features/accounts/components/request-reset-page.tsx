import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { RequestResetForm } from './request-reset-form.tsx';
import './accounts.css';

/** /resetpassword without a token: ask for a reset link. */
export function RequestResetPage() {
  const { t } = useLingui();
  return (
    <section className="page page--narrow accounts" aria-labelledby="reset-title">
      <h1 id="reset-title">
        <Trans>Forgot your password?</Trans>
      </h1>
      <RequestResetForm />
      <nav className="accounts-links" aria-label={t`More`}>
        <Link to="/signin">
          <Trans>Sign in</Trans>
        </Link>
        <Link to="/signup">
          <Trans>Create an account</Trans>
        </Link>
        <Link to="/newest">
          <Trans>Home</Trans>
        </Link>
      </nav>
    </section>
  );
}
