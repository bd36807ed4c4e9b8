import { set } from 'idb-keyval';
import { sharedFileStore } from '../src/lib/shared-file.ts';
import { SHARE_TARGET_PATH } from '../src/lib/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * The manifest's share_target POSTs shared audio here (multipart). The worker keeps the file in
 * IndexedDB and opens the recorder's channel picker with it, ready to publish.
 */
export function registerShareTarget() {
  self.addEventListener('fetch', (event: FetchEvent) => {
    const url = new URL(event.request.url);
    if (event.request.method !== 'POST' || url.pathname !== SHARE_TARGET_PATH) return;
    event.respondWith(
      (async () => {
        try {
          const form = await event.request.formData();
          const file = [...form.values()].find(
            (value): value is File => value instanceof File && value.size > 0,
          );
          if (!file) return Response.redirect('/recorder', 303);
          const id = crypto.randomUUID();
          await set(id, file, sharedFileStore());
          return Response.redirect(`/recorder?shared=${encodeURIComponent(id)}`, 303);
        } catch {
          return Response.redirect('/recorder', 303);
        }
      })(),
    );
  });
}
