import { registerRoute } from 'workbox-routing';
import { CacheExpiration } from 'workbox-expiration';
import { ACCOUNT_HEADER, CACHED_AT_HEADER, CACHE_NAMES } from '../src/lib/sw-messages.ts';
import { currentAccount, observeAccount } from './account-scope.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Wave lists, threads, channels, user info and the signed-in user's own data: network first
 * with a short timeout, answered from the cache offline. Copies carry the time they were stored,
 * so the page can show their age (docs/architecture.md "Service worker caches").
 */
const CACHED_API = [
  /^\/api\/v1\/wave\/wavelist/,
  /^\/api\/v1\/wave\/thread\//,
  /^\/api\/v1\/channel\/(name|info|list)\//,
  /^\/api\/v1\/channel\/chat\//,
  /^\/api\/v1\/user\/(info|byusername)\//,
  /^\/api\/v1\/user\/users/,
  /^\/api\/v1\/auth\/isuseranonymous$/,
  /^\/api\/v1\/user\/me$/,
  /^\/api\/v1\/team\/(subscribercount|issubscribed)\//,
];

/** Member-only paths count as private even if a reply forgot to say so. */
const ALWAYS_PRIVATE = [/^\/api\/v1\/channel\/chat\//];
const WHO_AM_I = '/api/v1/auth/isuseranonymous';
const NETWORK_TIMEOUT_MS = 4000;
const LIMITS = { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 } as const;
const expirations = {
  [CACHE_NAMES.api]: new CacheExpiration(CACHE_NAMES.api, LIMITS),
  [CACHE_NAMES.private]: new CacheExpiration(CACHE_NAMES.private, LIMITS),
};

/**
 * The private rule (docs/architecture.md "Private replies"): a reply the server marks `private`
 * (it differs per caller or is member-only) or `no-store` (e.g. `/user/me`) belongs to the
 * account that asked. The worker keeps such replies anyway, because showing the listener's own
 * lists and profile offline is the point of this cache, but only in the account's partition:
 * served to that account alone and deleted when another account takes over.
 */
export function isPrivateReply(pathname: string, response: Response): boolean {
  const cacheControl = response.headers.get('cache-control') ?? '';
  return (
    /\b(private|no-store)\b/i.test(cacheControl) ||
    ALWAYS_PRIVATE.some((pattern) => pattern.test(pathname))
  );
}

/** A cache-busting `x` must not split the cache. */
function cacheKey(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('x');
  return url.href;
}

async function store(key: string, response: Response, account: string) {
  const privateReply = isPrivateReply(new URL(key).pathname, response);
  // A reply that arrives after another account took over is not that account's to keep.
  if (privateReply && (await currentAccount()) !== account) return;
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT_HEADER, String(Date.now()));
  if (privateReply) headers.set(ACCOUNT_HEADER, account);
  const copy = new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
  const name = privateReply ? CACHE_NAMES.private : CACHE_NAMES.api;
  const other = privateReply ? CACHE_NAMES.api : CACHE_NAMES.private;
  await (await caches.open(name)).put(key, copy);
  await (await caches.open(other)).delete(key, { ignoreVary: true });
  await expirations[name].updateTimestamp(key);
  await expirations[name].expireEntries();
}

async function fromCache(key: string): Promise<Response | null> {
  const account = await currentAccount();
  const own = await (await caches.open(CACHE_NAMES.private)).match(key, { ignoreVary: true });
  if (own && own.headers.get(ACCOUNT_HEADER) === account) return own;
  return (await (await caches.open(CACHE_NAMES.api)).match(key, { ignoreVary: true })) ?? null;
}

async function networkFirst(request: Request, event: ExtendableEvent): Promise<Response> {
  const key = cacheKey(request);
  const account = await currentAccount();
  const network = fetch(request).then(async (response) => {
    if (response.status !== 200) return response;
    // Copied before the page reads the body.
    const copy = response.clone();
    const whoAmI = new URL(key).pathname === WHO_AM_I ? response.clone() : null;
    const stored = (async () => {
      // Who the server says is asking decides whose partition this is, before anything is kept.
      if (whoAmI) {
        await observeAccount(whoAmI);
        await store(key, copy, await currentAccount());
      } else await store(key, copy, account);
    })().catch((error: unknown) => console.warn('api cache', error));
    event.waitUntil(stored);
    return response;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), NETWORK_TIMEOUT_MS);
  });
  const first = await Promise.race([network.catch(() => null), timeout]);
  clearTimeout(timer);
  if (first) return first;
  const cached = await fromCache(key);
  if (cached) return cached;
  return network;
}

export function registerApiCache() {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      CACHED_API.some((pattern) => pattern.test(url.pathname)),
    ({ request, event }) => networkFirst(request, event as ExtendableEvent),
  );
}
