import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useOnline } from '../../../lib/online-status.ts';

/** Says plainly when the app has no network, and what still works (the Saved screen). */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      <span className="offline-banner__dot" aria-hidden="true" />
      <Trans>
        You are offline. Saved waves still play, and recordings upload when you are back.
      </Trans>{' '}
      <Link to="/saved" className="offline-banner__link">
        <Trans>Saved waves</Trans>
      </Link>
    </p>
  );
}
