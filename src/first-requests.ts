import type { EarlyRequest } from './api/client.ts';
import { storage, storedLanguage, storedToken } from './lib/storage.ts';

/**
 * The first screen's requests, sent before the app's code has been evaluated (docs/budgets.md
 * "First screen (Lighthouse)"). This file is an entry of its own (`<script type="module" async>`,
 * added to index.html by vite.config.ts) that imports only local storage's module (a small chunk
 * of its own), so it runs as soon as it has loaded, in a task of its own: who the visitor is and
 * the first feed's list travel while the app's chunk is compiled and evaluated, not after it.
 * The app's fetch wrapper (src/api/client.ts) takes a reply over when it asks for the same URL
 * with the same headers; anything else goes unused.
 *
 * Importing the app's request code would make this wait for the app's chunk, so it builds the
 * requests itself; tests/unit/first-requests.test.ts holds them equal to the app's.
 */

const FEEDS: Record<string, string> = {
  '/': 'wavelistpublicnewest',
  '/newest': 'wavelistpublicnewest',
  '/trending': 'wavelistpublictrending',
};

type FirstRequest = { url: string; init: RequestInit & { headers: Record<string, string> } };

/** The requests the app will make first, for the page at `pathname` (none before a choice). */
export function firstRequests(pathname: string): FirstRequest[] {
  const language = storedLanguage();
  if (!language) return [];
  const token = storedToken();
  const authorization: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const requests: FirstRequest[] = [
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
  const feed = FEEDS[pathname];
  if (feed && storage.get('cookieConsent') === 'accepted') {
    requests.push({
      url: `/api/v1/wave/${feed}/${language}?limit=30`,
      init: {
        method: 'GET',
        credentials: 'include',
        headers: { Accept: 'application/json', ...authorization },
      },
    });
  }
  return requests;
}

const pending: EarlyRequest[] = [];
for (const { url, init } of firstRequests(window.location.pathname)) {
  const response = fetch(url, init);
  // Unused (or failed) early replies must not surface as unhandled rejections.
  response.catch(() => undefined);
  pending.push({ url, headers: init.headers, response });
}
(globalThis as { wavesEarlyRequests?: EarlyRequest[] }).wavesEarlyRequests = pending;
