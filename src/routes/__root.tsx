import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { NoticeArea } from '../components/ui/notices.tsx';
import { PlayerBar } from '../features/player/components/player-bar.tsx';
import { UploadIndicatorSlot } from '../features/uploads/components/upload-indicator-slot.tsx';
import { NotFoundPage } from '../features/shell/components/not-found-page.tsx';
import { OfflineBanner } from '../features/shell/components/offline-banner.tsx';
import { SiteHeader } from '../features/shell/components/site-header.tsx';
import { StartupGate } from '../features/shell/components/startup-gate.tsx';
import { TopTabs } from '../features/shell/components/top-tabs.tsx';
import { UpdatePrompt } from '../features/shell/components/update-prompt.tsx';
import { ensureFullCatalog } from '../lib/i18n.ts';
import { withoutTrailingSlash } from '../lib/trailing-slash.ts';

const PasswordResetScreen = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/accounts/components/password-reset-screen.tsx'),
    ensureFullCatalog(),
  ]);
  return { default: module.PasswordResetScreen };
});

/** The first screens render with the shell catalog; every other screen waits for the full one. */
const shellScreens = new Set(['/', '/newest', '/trending', '/following', '/404']);

const passwordResetScreen = (token: string) => (
  <Suspense fallback={null}>
    <PasswordResetScreen token={token} />
  </Suspense>
);

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location }) => {
    const target = withoutTrailingSlash(
      location.pathname,
      location.searchStr,
      location.hash ? `#${location.hash}` : '',
    );
    if (target) throw redirect({ href: target, replace: true });
    if (!shellScreens.has(location.pathname)) await ensureFullCatalog();
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <StartupGate passwordResetScreen={passwordResetScreen}>
        <div className="app">
          <a href="#main" className="skip-link">
            <Trans>Skip to content</Trans>
          </a>
          <SiteHeader />
          <OfflineBanner />
          <TopTabs />
          <main id="main" className="app__main" tabIndex={-1}>
            <Outlet />
          </main>
          <PlayerBar />
          <UploadIndicatorSlot />
        </div>
      </StartupGate>
      <NoticeArea />
      <UpdatePrompt />
    </>
  );
}
