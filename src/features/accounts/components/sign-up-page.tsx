import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../../lib/session.ts';
import { AlreadySignedIn } from './already-signed-in.tsx';
import { PleaseWait } from './please-wait.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import './accounts.css';

/**
 * /signup (docs/product/accounts.md "Sign-up"); signed-in users see the already-signed-in notice
 * instead.
 */
export function SignUpPage() {
  const { t } = useLingui();
  const session = useSession();
  let body;
  if (!session.known) body = <PleaseWait />;
  else if (session.signedIn) body = <AlreadySignedIn username={session.username} />;
  else body = <SignUpForm />;
  return (
    <section className="page page--narrow accounts" aria-labelledby="signup-title">
      <h1 id="signup-title">
        <Trans>Create your account</Trans>
      </h1>
      {body}
      <nav className="accounts-links" aria-label={t`More`}>
        <Link to="/signin">
          <Trans>I already have an account</Trans>
        </Link>
        <Link to="/terms">
          <Trans>Terms and privacy policy</Trans>
        </Link>
        <Link to="/newest">
          <Trans>Home</Trans>
        </Link>
      </nav>
    </section>
  );
}
