import { useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { storage, storedLanguage } from '../../../lib/storage.ts';
import { useStoredValue } from '../../../lib/use-stored-value.ts';
import { useIsUserAnonymous } from '../../../lib/session.ts';

// A returning visitor has chosen and consented: these load only for a first visit.
const ConsentBanner = lazy(async () => ({
  default: (await import('./consent-banner.tsx')).ConsentBanner,
}));
const LanguageChooser = lazy(async () => ({
  default: (await import('./language-chooser.tsx')).LanguageChooser,
}));

/**
 * Start-up gating in the order of docs/product/shell.md "Start-up gating":
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

  // A card's path sets consent and English by itself (src/main.tsx); where storage is not
  // available (another site's frame, a privacy mode) it still passes both gates.
  const cardPage = location.pathname.includes('audiogram');

  // The terms stay readable before any choice: the chooser and the banner link to them.
  if (!storedLanguage() && location.pathname !== '/terms' && !cardPage) {
    // Choosing records the consent too (docs/product/shell.md "Language"). A visitor who opened
    // /language itself (e.g. from the sign-in screen's link) then returns to `backto`.
    const onLanguagePage = location.pathname === '/language';
    const backto = new URLSearchParams(location.searchStr).get('backto');
    const target = backto === 'signin' || backto === 'profilesettings' ? `/${backto}` : '/newest';
    return (
      <main>
        <Suspense fallback={null}>
          <LanguageChooser
            recordsConsent
            {...(onLanguagePage
              ? { onChosen: () => void navigate({ to: target, replace: true }) }
              : {})}
          />
        </Suspense>
      </main>
    );
  }
  if (anonymity.isPending) return null;
  // The terms page stays readable without consent: the banner links to it.
  const consentExempt = cardPage || location.pathname === '/terms';
  if (consent !== 'accepted' && !consentExempt) {
    return (
      <main>
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      </main>
    );
  }
  const token = new URLSearchParams(location.searchStr).get('token');
  if (token !== null) return passwordResetScreen(token);
  return children;
}
