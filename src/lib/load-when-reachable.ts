/**
 * Loads a part of the app the current screen can do without (the upload indicator, the update
 * prompt, the service-worker bridge) so that a missing network cannot break the screen: a
 * first visit that goes offline before such a chunk has arrived keeps its page, and the part
 * loads when the network comes back. The promise never rejects.
 */
export function loadWhenReachable<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        window.addEventListener('online', () => resolve(loadWhenReachable(load)), { once: true });
      }),
  );
}
