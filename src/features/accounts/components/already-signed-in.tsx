import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/**
 * docs/product/accounts.md "Sign-in": signed-in users see this instead of the sign-in and sign-up
 * forms.
 */
export function AlreadySignedIn({ username }: { username: string | null }) {
  return (
    <div className="card accounts-card" role="status">
      <p className="accounts-lead">
        {username ? (
          <Trans>
            You are already signed in as <strong>{username}</strong>.
          </Trans>
        ) : (
          <Trans>You are already signed in.</Trans>
        )}
      </p>
      <div className="accounts-actions">
        <Link to="/signout" className="button">
          <Trans>Sign out</Trans>
        </Link>
        <Link to="/newest" className="button button--primary">
          <Trans>Home</Trans>
        </Link>
      </div>
    </div>
  );
}
