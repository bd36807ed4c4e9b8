import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { storage, storedLanguage } from '../../../lib/storage.ts';
import { useStoredValue } from '../../../lib/use-stored-value.ts';
import { useIsUserAnonymous } from '../../../lib/session.ts';
import { ConsentBanner } from './consent-banner.tsx';
import { LanguageChooser } from './language-chooser.tsx';

/**
 * Start-up gating in the order of spec/accounts-and-shell.md §2:
 * 1. language chosen, 2. anonymity known, 3. welcome flag, 4. cookie consent, 5. ?token= reset.
 */
export function StartupGate({
  children,
  passwordResetScreen,
}: {
  children: ReactNode;
  /** What replaces the routes when the URL carries ?token= (the accounts feature's screen). */
  passwordResetScreen: (token: string) => ReactNode;
}) {
  useStoredValue('language_code_ui');
  const consent = useStoredValue('cookieConsent');
  const anonymity = useIsUserAnonymous();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (anonymity.isPending) return;
    if (storage.get('welcomemessage') === null) storage.set('welcomemessage', 'true');
  }, [anonymity.isPending]);

  if (!storedLanguage()) {
    // A visitor who opened /language itself (e.g. from the sign-in screen's link) gets that
    // screen's behaviour: choosing records the consent too and returns to `backto`.
    const onLanguagePage = location.pathname === '/language';
    const backto = new URLSearchParams(location.searchStr).get('backto');
    const target = backto === 'signin' || backto === 'profilesettings' ? `/${backto}` : '/newest';
    return (
      <main>
        <LanguageChooser
          recordsConsent={onLanguagePage}
          {...(onLanguagePage
            ? { onChosen: () => void navigate({ to: target, replace: true }) }
            : {})}
        />
      </main>
    );
  }
  if (anonymity.isPending) return null;
  // The terms page stays readable without consent: the banner links to it.
  const consentExempt = location.pathname.includes('audiogram') || location.pathname === '/terms';
  if (consent !== 'accepted' && !consentExempt) {
    return (
      <main>
        <ConsentBanner />
      </main>
    );
  }
  const token = new URLSearchParams(location.searchStr).get('token');
  if (token !== null) return passwordResetScreen(token);
  return children;
}
