import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** An honest placeholder for a screen a later release brings. */
export function NotAvailableYet({ title }: { title: string }) {
  return (
    <section className="page page--narrow">
      <h1>{title}</h1>
      <p className="muted">
        <Trans>This part of Waves is not available yet. It is on its way.</Trans>
      </p>
      <p>
        <Link to="/newest">
          <Trans>Back to the newest waves</Trans>
        </Link>
      </p>
    </section>
  );
}
