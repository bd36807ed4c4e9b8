import { Trans } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSession } from '../../lib/session.ts';
import { storage } from '../../lib/storage.ts';
import './sign-in-required.css';

/**
 * For pages that exist only when a user is present (docs/product/accounts.md "Pages for signed-in
 * users"): a note and the way to sign in or up; this page is remembered as the return address
 * (backToUrl, docs/product/accounts.md "Sign-in").
 */
export function SignInRequired({ title }: { title: string }) {
  const href = useRouterState({ select: (state) => state.location.href });
  const remember = () => storage.set('backToUrl', href);
  return (
    <section className="page page--narrow card">
      <h1>{title}</h1>
      <p>
        <Trans>You must be signed in to see this page.</Trans>
      </p>
      <p className="sign-in-required__actions">
        <Link to="/signin" search={{}} className="button button--primary" onClick={remember}>
          <Trans>Sign in</Trans>
        </Link>
        <Link to="/signup" search={{}} className="button" onClick={remember}>
          <Trans>Sign up</Trans>
        </Link>
      </p>
    </section>
  );
}

/** The page's content for a signed-in user; anyone else gets the sign-in note above. */
export function SignedInOnly({ title, children }: { title: string; children: ReactNode }) {
  const session = useSession();
  if (session.signedIn) return <>{children}</>;
  return <SignInRequired title={title} />;
}
