import type { EarlyRequest } from './api/client.ts';
import { storage, storedLanguage, storedToken } from './lib/storage.ts';

/**
 * The first screen's requests, sent before the app's code has loaded (docs/budgets.md "First
 * screen (Lighthouse)"). vite.config.ts bundles this file with local storage's module into a
 * classic script inlined in index.html's head, so it runs while the HTML is parsed: the first
 * feed's list (or, on any other page, who the visitor is) travels while the app's chunk loads, is
 * compiled and evaluated, without a script of its own to fetch first. The app's fetch wrapper
 * (src/api/client.ts) takes a reply over when it asks for the same URL with the same headers;
 * anything else goes unused. It also preloads the stored language's shell catalog, which the
 * app would otherwise only ask for after its chunk's evaluation (src/lib/i18n.ts).
 *
 * Importing the app's request code would bring the app's modules along, so it builds the
 * requests itself; tests/unit/first-requests.test.ts holds them equal to the app's.
 */

const FEEDS: Record<string, string> = {
  '/': 'wavelistpublicnewest',
  '/newest': 'wavelistpublicnewest',
  '/trending': 'wavelistpublictrending',
};

type FirstRequest = { url: string; init: RequestInit & { headers: Record<string, string> } };

/**
 * The request the app will make first, for the page at `pathname` (none before a choice): a
 * feed's list, whose reply also says who the visitor is (src/lib/session.ts
 * `learnVisitorFromFirstList`), or else who the visitor is.
 */
function firstRequests(pathname: string): FirstRequest[] {
  const language = storedLanguage();
  if (!language) return [];
  const token = storedToken();
  const authorization: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const feed = FEEDS[pathname];
  if (feed && storage.get('cookieConsent') === 'accepted') {
    return [
      {
        url: `/api/v1/wave/${feed}/${language}?limit=30`,
        init: {
          method: 'GET',
          credentials: 'include',
          headers: { Accept: 'application/json', ...authorization },
        },
      },
    ];
  }
  return [
    {
      url: '/api/v1/auth/isuseranonymous',
      init: {
        method: 'GET',
        credentials: 'include',
        headers: {
          Accept: 'application/json',
          'Cache-Control': 'no-cache, no-store, must-revalidate',
          Pragma: 'no-cache',
          Expires: '0',
          ...authorization,
        },
        cache: 'no-store',
      },
    },
  ];
}

const pending: EarlyRequest[] = [];
for (const { url, init } of firstRequests(window.location.pathname)) {
  const response = fetch(url, init);
  // Unused (or failed) early replies must not surface as unhandled rejections.
  response.catch(() => undefined);
  pending.push({ url, headers: init.headers, response });
}
(globalThis as { wavesEarlyRequests?: EarlyRequest[] }).wavesEarlyRequests = pending;

// The built shell catalog of each language, named by vite.config.ts when it inlines this file.
const shellCatalog = import.meta.env.WAVES_SHELL_CATALOGS?.[storedLanguage() ?? ''];
if (shellCatalog) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = shellCatalog;
  document.head.append(link);
}
