import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Logo } from '../../../components/ui/logo.tsx';
import { useSession } from '../../../lib/session.ts';

/** Header: newest, the user's own page, and sign in / sign up / sign out by state (docs/product/shell.md "Header and tabs"). */
export function SiteHeader() {
  const { t } = useLingui();
  const session = useSession();
  const ownPage = session.signedIn && session.username ? session.username : 'anonymous';
  return (
    <header className="site-header">
      <Link to="/newest" className="site-header__brand" aria-label={t`Waves – newest`}>
        <Logo size={32} />
        <span className="site-header__name">Waves</span>
      </Link>
      <nav className="site-header__nav" aria-label={t`Account`}>
        <Link to="/saved" className="site-header__link" aria-label={t`Saved`}>
          <svg className="site-header__saved-icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 3v11m0 0-4-4m4 4 4-4M5 19h14" />
          </svg>
          <span className="site-header__saved-text">
            <Trans>Saved</Trans>
          </span>
        </Link>
        <Link
          to="/u/$username/{-$wave_name}"
          params={{ username: ownPage, wave_name: undefined }}
          className="site-header__link"
        >
          <Trans>My page</Trans>
        </Link>
        {session.signedIn ? (
          <Link to="/signout" className="site-header__link">
            <Trans>Sign out</Trans>
          </Link>
        ) : (
          <>
            <Link to="/signin" className="site-header__link">
              <Trans>Sign in</Trans>
            </Link>
            <Link to="/signup" className="button button--primary button--small">
              <Trans>Sign up</Trans>
            </Link>
          </>
        )}
      </nav>
    </header>
  );
}
