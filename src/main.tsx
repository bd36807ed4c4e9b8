// First: before any module of the app creates a zod schema.
import './lib/zod-jitless.ts';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { NotFoundPage } from './features/shell/components/not-found-page.tsx';
import { waveListQuery } from './api/get-wave-list.ts';
import {
  afterFirstScreen,
  firstScreenReady,
  yieldToMain,
  showFirstScreenAfterLoad,
} from './lib/first-screen.ts';
import { activateLanguage, i18n } from './lib/i18n.ts';
import { loadWhenReachable } from './lib/load-when-reachable.ts';
import { watchAccount } from './lib/account-scope.ts';
import { linkWebManifest } from './lib/web-manifest-link.ts';
import { restorePersistedQueries } from './lib/persisted-queries.ts';
import { isUserAnonymousQuery, learnVisitorFromFirstList } from './lib/session.ts';
import { storage, storedLanguage } from './lib/storage.ts';
import { withoutTrailingSlash } from './lib/trailing-slash.ts';
import { routeTree } from './routeTree.gen.ts';
import './styles/app.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
  },
});

// Another account than the caches' owner takes them over (docs/architecture.md "Private replies").
watchAccount(queryClient);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Audiogram cards are rendered by machines: they consent and speak English without asking.
const isCardPage = window.location.pathname.includes('audiogram');
if (isCardPage) {
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

// The first screen's requests go out before React starts, so they overlap with it (LCP): a
// feed's list, whose reply also says who the visitor is (the start-up gate waits for that before
// it shows anything), or else who-am-I itself.
const firstFeed = { '/': 'newest', '/newest': 'newest', '/trending': 'trending' } as const;
const feed = firstFeed[window.location.pathname as keyof typeof firstFeed];
const language = storedLanguage();
const firstList =
  feed && language && storage.get('cookieConsent') === 'accepted'
    ? waveListQuery({ kind: feed, language })
    : null;
if (firstList)
  learnVisitorFromFirstList(queryClient, () => queryClient.prefetchInfiniteQuery(firstList));
else if (language) void queryClient.prefetchQuery(isUserAnonymousQuery);
// The last lists saved on this device paint at once if the network is slower than the disk
// (docs/architecture.md "Persisted queries"); what the network brings replaces them.
void restorePersistedQueries(queryClient);

// The app's chunk has been evaluated in one task; the router's tree is built in the next, so
// that neither is one long task on a slow phone (docs/budgets.md "First screen (Lighthouse)").
await yieldToMain();
const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

await activateLanguage(language ?? 'en');

const app = (
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>
);
const root = createRoot(document.getElementById('root')!);
// A feed's first screen renders once, with its route loaded and its list at hand, as a
// transition: React renders it in slices that leave the main thread free in between, and no
// slice is thrown away for data arriving mid-render (docs/budgets.md "First screen
// (Lighthouse)"). Any other page, or a feed whose data is slow, renders at once as before.
if (
  firstList &&
  (await firstScreenReady(router, queryClient, [isUserAnonymousQuery.queryKey, firstList.queryKey]))
) {
  startTransition(() => root.render(app));
} else {
  root.render(app);
}

// What the first screen does not need waits until it has been shown: the service worker (its
// install downloads the whole precache) and the upload queue (IndexedDB). A feed says when it
// has painted its rows; any other screen, or a start-up gate, counts as shown after its load.
showFirstScreenAfterLoad(feed ? 5000 : 500);
afterFirstScreen(() => {
  linkWebManifest();
  void loadWhenReachable(() => import('./after-first-screen.ts')).then((later) => {
    // A card is drawn for a renderer or another site's frame: it installs no offline shell
    // (whose stored page could not be framed by other sites).
    if (!isCardPage) void later.registerServiceWorker();
    later.startUploadQueue();
    later.persistQueries(queryClient);
  });
});
