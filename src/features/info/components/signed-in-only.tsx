import { Trans } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';

/**
 * Support, help, contact and the account part of about exist only when a user is present
 * (accounts §2); others are offered sign-in and brought back here afterwards (backToUrl).
 */
export function SignedInOnly({ title, children }: { title: string; children: ReactNode }) {
  const session = useSession();
  const href = useRouterState({ select: (state) => state.location.href });
  if (session.signedIn) return <>{children}</>;
  const remember = () => storage.set('backToUrl', href);
  return (
    <section className="page page--narrow card">
      <h1>{title}</h1>
      <p>
        <Trans>You must be signed in to see this page.</Trans>
      </p>
      <p className="info-links">
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
