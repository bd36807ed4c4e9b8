import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { NoticeArea } from '../components/ui/notices.tsx';
import { PlayerBar } from '../features/player/components/player-bar.tsx';
import { UploadIndicator } from '../features/uploads/components/upload-indicator.tsx';
import { NotFoundPage } from '../features/shell/components/not-found-page.tsx';
import { OfflineBanner } from '../features/shell/components/offline-banner.tsx';
import { SiteHeader } from '../features/shell/components/site-header.tsx';
import { StartupGate } from '../features/shell/components/startup-gate.tsx';
import { TopTabs } from '../features/shell/components/top-tabs.tsx';
import { UpdatePrompt } from '../features/shell/components/update-prompt.tsx';
import { withoutTrailingSlash } from '../lib/trailing-slash.ts';

const PasswordResetScreen = lazy(() =>
  import('../features/accounts/components/password-reset-screen.tsx').then((module) => ({
    default: module.PasswordResetScreen,
  })),
);

const passwordResetScreen = (token: string) => (
  <Suspense fallback={null}>
    <PasswordResetScreen token={token} />
  </Suspense>
);

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    const target = withoutTrailingSlash(
      location.pathname,
      location.searchStr,
      location.hash ? `#${location.hash}` : '',
    );
    if (target) throw redirect({ href: target, replace: true });
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
          <UploadIndicator />
        </div>
      </StartupGate>
      <NoticeArea />
      <UpdatePrompt />
    </>
  );
}
