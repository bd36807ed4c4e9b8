import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { NotFoundPage } from './features/shell/components/not-found-page.tsx';
import { waveListQuery } from './features/waves/api/get-wave-list.ts';
import { activateLanguage, i18n } from './lib/i18n.ts';
import { storage, storedLanguage } from './lib/storage.ts';
import { registerServiceWorker } from './lib/sw-bridge.ts';
import { withoutTrailingSlash } from './lib/trailing-slash.ts';
import { startUploadQueue } from './lib/upload-queue/upload-queue.ts';
import { routeTree } from './routeTree.gen.ts';
import './styles/app.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Audiogram cards are rendered by machines: they consent and speak English without asking.
if (window.location.pathname.includes('audiogram')) {
  storage.set('cookieConsent', 'accepted');
  storage.set('language_code_ui', 'en');
}

const cleanPath = withoutTrailingSlash(
  window.location.pathname,
  window.location.search,
  window.location.hash,
);
if (cleanPath) window.history.replaceState(window.history.state, '', cleanPath);

// Which build this is (set at build time); the update flow and support can tell versions apart.
document.documentElement.dataset['build'] = import.meta.env.VITE_BUILD_ID ?? 'dev';

// The first screen's list is requested before React starts, so the two overlap (LCP).
const firstFeed = { '/': 'newest', '/newest': 'newest', '/trending': 'trending' } as const;
const feed = firstFeed[window.location.pathname as keyof typeof firstFeed];
const language = storedLanguage();
if (feed && language && storage.get('cookieConsent') === 'accepted') {
  void queryClient.prefetchInfiniteQuery(waveListQuery({ kind: feed, language }));
}

await activateLanguage(language ?? 'en');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);

void registerServiceWorker();
startUploadQueue();
