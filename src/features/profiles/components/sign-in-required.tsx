import { Trans } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { storage } from '../../../lib/storage.ts';

/**
 * For pages that exist only when a user is present (accounts §2): a note and the way to sign
 * in; this page is remembered as the return address (backToUrl, accounts §3–§4).
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
      <p className="profiles-settings__actions">
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
