/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SW_MESSAGES, type PageToWorkerMessage } from '../src/lib/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

// The app shell: every built asset, versioned by content hash; old precaches are removed.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page path is the same shell; the client router takes it from there (404 included).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/media\//, /^\/healthz/],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageToWorkerMessage | undefined;
  if (message?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
});

// The first install takes control at once so the shell works offline from the first visit.
clientsClaim();
