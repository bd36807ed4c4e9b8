/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CACHE_NAMES, SW_MESSAGES, type PageToWorkerMessage } from '../src/lib/sw-messages.ts';
import { registerApiCache } from './api-cache.ts';
import { switchAccount } from './account-scope.ts';
import {
  configureAudioCache,
  describeAudio,
  pinAudio,
  registerAudioCache,
  removeAudio,
} from './audio-cache.ts';
import { registerImageCache } from './image-cache.ts';
import { registerShareTarget } from './share-target.ts';
import { registerUploadSync } from './upload-sync.ts';

declare const self: ServiceWorkerGlobalScope;

// The share target reads POSTs before any route sees them.
registerShareTarget();

// The app shell: every built asset, versioned by content hash; old precaches are removed.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page path is the same shell; the client router takes it from there (404 included).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/media\//, /^\/healthz/, /^\/share-target/],
  }),
);

registerApiCache();
registerImageCache();
registerAudioCache();
registerUploadSync();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageToWorkerMessage | undefined;
  switch (message?.type) {
    case SW_MESSAGES.skipWaiting:
      void self.skipWaiting();
      break;
    case SW_MESSAGES.pinAudio:
      event.waitUntil(pinAudio(message.url, message.pinned));
      break;
    case SW_MESSAGES.configureAudioCache:
      event.waitUntil(configureAudioCache(message));
      break;
    case SW_MESSAGES.setAccount:
      event.waitUntil(answer(event, switchAccount(message.account)));
      break;
    case SW_MESSAGES.describeAudio:
      event.waitUntil(describeAudio(message.url, message.wave));
      break;
    case SW_MESSAGES.removeAudio:
      event.waitUntil(answer(event, removeAudio(message.urls)));
      break;
  }
});

/** Tells the page (on the message's port) that the work is done, or failed. */
function answer(event: ExtendableMessageEvent, work: Promise<void>) {
  const port = event.ports[0];
  return work.then(
    () => port?.postMessage({ ok: true }),
    (error: unknown) => port?.postMessage({ ok: false, error: String(error) }),
  );
}

// Caches of older versions (a `waves-` name with another version) go when this one activates.
self.addEventListener('activate', (event) => {
  const current = new Set<string>(Object.values(CACHE_NAMES));
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('waves-') && !current.has(name))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

// The first install takes control at once so the shell works offline from the first visit.
clientsClaim();
