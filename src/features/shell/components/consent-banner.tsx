import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Logo } from '../../../components/ui/logo.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { storage } from '../../../lib/storage.ts';

/** Shown alone until consent is stored (docs/product/shell.md "Cookie consent"). */
export function ConsentBanner() {
  const { t } = useLingui();
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;

  const accept = () => {
    storage.set('cookieConsent', 'accepted');
  };
  const cancel = () => {
    setHidden(true);
    notify(t`Cookie consent is required to use this site. Please reload the page to give it.`, {
      sticky: true,
    });
  };

  return (
    <div className="gate">
      <Logo size={64} />
      <section
        className="consent"
        role="dialog"
        aria-modal="true"
        aria-labelledby="consent-title"
        aria-describedby="consent-text"
      >
        <h1 id="consent-title" className="consent__title">
          <Trans>Cookies</Trans>
        </h1>
        <p id="consent-text">
          <Trans>
            Waves stores a few things in your browser (your language, your sign-in and your player
            settings) and uses a cookie to keep you signed in. Nothing is used for advertising.
          </Trans>
        </p>
        <p>
          {/* A plain link: the routes are not available until consent is given. */}
          <a href="/terms" target="_blank" rel="noopener">
            <Trans>Terms and privacy policy</Trans>
          </a>
        </p>
        <div className="consent__actions">
          <button type="button" className="button button--primary" onClick={accept} autoFocus>
            <Trans>OK</Trans>
          </button>
          <button type="button" className="button" onClick={cancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </section>
    </div>
  );
}
