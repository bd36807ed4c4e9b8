import type { Workbox } from 'workbox-window';

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

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const { Workbox } = await import('workbox-window');
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
