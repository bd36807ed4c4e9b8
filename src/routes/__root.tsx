import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  Outlet,
  redirect,
  useRouterState,
} from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { NoticeArea } from '../components/ui/notices.tsx';
import { PlayerBar } from '../features/player/components/player-bar.tsx';
import { NotFoundPage } from '../features/shell/components/not-found-page.tsx';
import { OfflineBanner } from '../features/shell/components/offline-banner.tsx';
import { SiteHeader } from '../features/shell/components/site-header.tsx';
import { StartupGate } from '../features/shell/components/startup-gate.tsx';
import { TopTabs } from '../features/shell/components/top-tabs.tsx';
import { useFirstScreenShown } from '../lib/first-screen.ts';
import { ensureFullCatalog } from '../lib/i18n.ts';
import { loadWhenReachable } from '../lib/load-when-reachable.ts';
import { withoutTrailingSlash } from '../lib/trailing-slash.ts';

const PasswordResetScreen = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/accounts/components/password-reset-screen.tsx'),
    ensureFullCatalog(),
  ]);
  return { default: module.PasswordResetScreen };
});

// Neither is needed for the first paint: they load once the first screen has been shown.
// Offline before they arrived, they wait for the network instead of failing the page.
const afterFirstScreenParts = () => loadWhenReachable(() => import('../after-first-screen.ts'));
const UploadIndicatorSlot = lazy(async () => ({
  default: (await afterFirstScreenParts()).UploadIndicatorSlot,
}));
const UpdatePrompt = lazy(async () => ({ default: (await afterFirstScreenParts()).UpdatePrompt }));

function AfterFirstScreen({ children }: { children: ReactNode }) {
  return useFirstScreenShown() ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * Screens that fill the whole window with their own controls: no header, tabs or player bar
 * (docs/product/shell.md "Routes").
 */
const fullScreens = new Set(['/tiktalk']);

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
  const fullScreen = useRouterState({
    select: (state) => fullScreens.has(state.location.pathname),
  });
  // An audiogram card is the whole page: no header, tabs, player, notices or prompts around it.
  const card = useRouterState({
    select: (state) => state.location.pathname.startsWith('/audiogramcard'),
  });
  if (card) {
    return (
      <StartupGate passwordResetScreen={passwordResetScreen}>
        <Outlet />
      </StartupGate>
    );
  }
  return (
    <>
      <StartupGate passwordResetScreen={passwordResetScreen}>
        {fullScreen ? (
          <main id="main" tabIndex={-1}>
            <Outlet />
          </main>
        ) : (
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
            <AfterFirstScreen>
              <UploadIndicatorSlot />
            </AfterFirstScreen>
          </div>
        )}
      </StartupGate>
      <NoticeArea />
      <AfterFirstScreen>
        <UpdatePrompt />
      </AfterFirstScreen>
    </>
  );
}
