import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { CACHE_NAMES } from '../src/lib/sw-messages.ts';

/** Avatars and covers: stale-while-revalidate, at most a few hundred kept. */
export function registerImageCache() {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      (url.pathname.startsWith('/media/avatars/') || url.pathname.startsWith('/media/covers/')),
    new StaleWhileRevalidate({
      cacheName: CACHE_NAMES.images,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({
          maxEntries: 400,
          maxAgeSeconds: 60 * 24 * 60 * 60,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
}
