import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../../lib/session.ts';
import { VERSION_LABEL } from '../contacts.ts';
import { ContactAddresses } from './contact-addresses.tsx';
import './info.css';

/**
 * /about (docs/product/shell.md "Information pages"): what Waves is, the contact addresses and the
 * version for everyone; for a signed-in user also the second about/settings page: username,
 * sign-out and settings links, terms and privacy, credits and version.
 */
export function AboutPage() {
  const { t } = useLingui();
  const session = useSession();
  return (
    <div className="page page--narrow info-page">
      <section className="card info-section" aria-labelledby="about-title">
        <h1 id="about-title">
          <Trans>About Waves</Trans>
        </h1>
        <p>
          <Trans>
            Waves is a place for short voice messages. Record or upload a wave, publish it in a
            channel, listen, like and reply, and follow the people you enjoy.
          </Trans>
        </p>
        <p>
          <Trans>
            Also here: the{' '}
            <Link to="/treasurehunt/{-$action}" params={{ action: undefined }}>
              treasure hunt
            </Link>
            , where members sell things at a price that falls step by step until someone buys.
          </Trans>
        </p>
        <h2>
          <Trans>Contact</Trans>
        </h2>
        <ContactAddresses />
        <p className="info-version">
          <Trans>Version {VERSION_LABEL}</Trans>
        </p>
      </section>

      {session.signedIn && (
        <section className="card info-section" aria-labelledby="account-title">
          <h2 id="account-title">
            <Trans>Your account</Trans>
          </h2>
          <p>
            <Trans>
              Signed in as <strong>@{session.username ?? ''}</strong>
            </Trans>
          </p>
          <ul className="info-links" aria-label={t`Account links`}>
            <li>
              <Link to="/profilesettings" className="button button--small">
                <Trans>Settings</Trans>
              </Link>
            </li>
            <li>
              <Link
                to="/help/{-$topic}"
                params={{ topic: undefined }}
                className="button button--small"
              >
                <Trans>Help</Trans>
              </Link>
            </li>
            <li>
              <Link to="/support" className="button button--small">
                <Trans>Support</Trans>
              </Link>
            </li>
            <li>
              <Link to="/contact" className="button button--small">
                <Trans>Contact</Trans>
              </Link>
            </li>
            <li>
              <Link to="/signout" className="button button--small">
                <Trans>Sign out</Trans>
              </Link>
            </li>
          </ul>
          <p>
            <Link to="/terms">
              <Trans>Terms and privacy policy</Trans>
            </Link>
          </p>
          <h3>
            <Trans>Credits</Trans>
          </h3>
          <p>
            <Trans>
              Waves is built with open-source software: React, TanStack Router and Query, Lingui,
              Fastify, Kysely, SQLite, PostgreSQL, sharp, libphonenumber-js, howler.js, ALTCHA and
              the Inter typeface. Thank you to everyone who makes them.
            </Trans>
          </p>
          <p className="info-version">
            <Trans>Version {VERSION_LABEL}</Trans>
          </p>
        </section>
      )}
    </div>
  );
}
