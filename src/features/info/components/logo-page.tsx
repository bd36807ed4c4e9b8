import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Logo } from '../../../components/ui/logo.tsx';
import './info.css';

/** How long the splash shows before it moves on to `next`. */
const SPLASH_MS = 2500;

/**
 * /logo (docs/product/shell.md "Logo"): the mark, the name and the initial text. On its own it
 * is the brand page; with `?next=/a/path` of this site it is a splash that moves on by itself.
 */
export function LogoPage({ next }: { next?: string | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  // Only a path of this site: never an address elsewhere ("//host" or "/\host" included).
  const target = next && /^\/(?![/\\])/.test(next) ? next : null;

  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => void navigate({ to: target, replace: true }), SPLASH_MS);
    return () => clearTimeout(timer);
  }, [navigate, target]);

  return (
    <section className="logo-page" aria-labelledby="logo-title">
      <div className="logo-page__mark">
        <Logo size={160} label={t`The Waves logo`} />
      </div>
      <h1 id="logo-title" className="logo-page__name">
        Waves
      </h1>
      <p className="logo-page__tagline">
        <Trans>Say it with your voice.</Trans>
      </p>
      <p className="logo-page__text">
        <Trans>
          Short voice messages, recorded in your browser and shared in channels and chat groups.
          Listen to anyone, reply with your voice, follow the people you like.
        </Trans>
      </p>
      {target ? (
        <p className="logo-page__continue" role="status">
          <Trans>One moment…</Trans> <Link to={target}>{t`Continue`}</Link>
        </p>
      ) : (
        <p className="logo-page__actions">
          <Link to="/newest" className="button button--primary button--large">
            <Trans>Start listening</Trans>
          </Link>
          <Link to="/about" className="button button--large">
            <Trans>About Waves</Trans>
          </Link>
        </p>
      )}
    </section>
  );
}
