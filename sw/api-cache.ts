import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core';
import { CACHED_AT_HEADER, CACHE_NAMES } from '../src/lib/sw-messages.ts';

/**
 * Wave lists, threads, channels and user info: network first with a short timeout, answered from
 * the cache offline. Copies carry the time they were stored, so the page can show their age.
 */
const CACHED_API = [
  /^\/api\/v1\/wave\/wavelist/,
  /^\/api\/v1\/wave\/thread\//,
  /^\/api\/v1\/channel\/(name|info|list)\//,
  /^\/api\/v1\/user\/(info|byusername)\//,
  /^\/api\/v1\/user\/users/,
  /^\/api\/v1\/auth\/isuseranonymous$/,
  /^\/api\/v1\/user\/me$/,
  /^\/api\/v1\/team\/(subscribercount|issubscribed)\//,
];

const stampCopies: WorkboxPlugin = {
  async cacheWillUpdate({ response }) {
    if (!response.ok) return null;
    const headers = new Headers(response.headers);
    headers.set(CACHED_AT_HEADER, String(Date.now()));
    // Only the stored copy gets the stamp: a fresh network reply reaches the page without it.
    return new Response(await response.blob(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  },
};

export function registerApiCache() {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      CACHED_API.some((pattern) => pattern.test(url.pathname)),
    new NetworkFirst({
      cacheName: CACHE_NAMES.api,
      networkTimeoutSeconds: 4,
      // A cache-busting `x` must not split the cache.
      matchOptions: { ignoreVary: true },
      plugins: [
        { cacheKeyWillBeUsed: async ({ request }) => stripCacheBuster(request) },
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({
          maxEntries: 300,
          maxAgeSeconds: 30 * 24 * 60 * 60,
          purgeOnQuotaError: true,
        }),
        stampCopies,
      ],
    }),
  );
}

function stripCacheBuster(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('x');
  return url.href;
}

declare const self: ServiceWorkerGlobalScope;
