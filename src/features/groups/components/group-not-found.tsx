import { Trans } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';

/**
 * What anyone but a member sees for a group, its waves and its pages: the same as for a group
 * that does not exist (docs/product/channels-and-groups.md "Chat groups"), so the page never
 * tells whether a group of that name exists. A visitor who is not signed in may sign in and
 * come back here.
 */
export function GroupNotFoundView() {
  const session = useSession();
  const href = useRouterState({ select: (state) => state.location.href });
  return (
    <section className="page page--narrow card group-missing" aria-labelledby="group-missing">
      <h1 id="group-missing">
        <Trans>Group not found</Trans>
      </h1>
      <p>
        <Trans>
          This group does not exist, or you are not a member. Ask a member of the group for an
          invitation.
        </Trans>
      </p>
      <p className="group-missing__actions">
        {!session.signedIn && (
          <Link
            to="/signin"
            search={{}}
            className="button button--primary"
            onClick={() => storage.set('backToUrl', href)}
          >
            <Trans>Sign in</Trans>
          </Link>
        )}
        <Link to="/chatgroups" className="button">
          <Trans>Your chat groups</Trans>
        </Link>
      </p>
    </section>
  );
}
