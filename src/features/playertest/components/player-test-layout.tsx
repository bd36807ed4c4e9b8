import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './playertest.css';

/** /playertest and /playertest/filters: two bench pages for the audio, with tabs between them. */
export function PlayerTestLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <section className="page pt-page" aria-labelledby="playertest-title">
      <h1 id="playertest-title">
        <Trans>Player test</Trans>
      </h1>
      <p className="muted">
        <Trans>
          A bench for the audio: drive the player by hand, or hear a wave or your microphone through
          filters.
        </Trans>
      </p>
      <nav className="subtabs" aria-label={t`Player test pages`}>
        <Link
          to="/playertest/{-$page}"
          params={{ page: undefined }}
          activeOptions={{ exact: true }}
          className="subtabs__tab"
          activeProps={{ 'aria-current': 'page' }}
        >
          <Trans>Player</Trans>
        </Link>
        <Link
          to="/playertest/{-$page}"
          params={{ page: 'filters' }}
          className="subtabs__tab"
          activeProps={{ 'aria-current': 'page' }}
        >
          <Trans>Audio filters</Trans>
        </Link>
      </nav>
      {children}
    </section>
  );
}
