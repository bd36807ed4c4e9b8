import { takeGetsBeforeWorker } from '../api/client.ts';
import { Workbox } from 'workbox-window';

/**
 * The page's side of the service worker: registration and the update prompt.
 * A new version waits until the user accepts; then it takes over and the page reloads once.
 */
let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean) {
  updateWaiting = value;
  for (const listener of listeners) listener();
}

export function subscribeToUpdates(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isUpdateWaiting = () => updateWaiting;

/**
 * A first visit (docs/architecture.md "Service worker caches", First visit): what the page showed
 * was fetched before the worker controlled it, so none of it is in the worker's caches. When the
 * worker takes control, the page sends the same API reads again (URL and headers), and asks for
 * the images it showed, through it; the worker keeps the replies like any others. The replies
 * are only read to the end, not parsed: the page has that data already, and refetching its
 * queries instead re-read, re-validated and re-saved every list in one long task on a phone.
 */
function cacheWhatWasShown() {
  for (const { url, init } of takeGetsBeforeWorker()) {
    void fetch(url, init)
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  }
  const images = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter(
      (url) =>
        url.origin === location.origin &&
        (url.pathname.startsWith('/media/avatars/') || url.pathname.startsWith('/media/covers/')),
    );
  for (const url of new Set(images.map((image) => image.href))) {
    void fetch(url, { credentials: 'same-origin' }).catch(() => undefined);
  }
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', cacheWhatWasShown, { once: true });
  }
  workbox = new Workbox('/sw.js', { scope: '/', type: 'module' });
  workbox.addEventListener('waiting', () => setUpdateWaiting(true));
  await workbox.register();
  // A tab left open for days still learns about new versions.
  setInterval(() => void workbox?.update(), 60 * 60 * 1000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void workbox?.update();
  });
}

export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
