import { runUploadQueue } from '../src/lib/upload-queue/upload-runner.ts';
import { FetchHttpStack } from '../src/lib/upload-queue/fetch-http-stack.ts';
import { SW_MESSAGES, UPLOAD_SYNC_TAG, type WorkerToPageMessage } from '../src/lib/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * Background Sync for the upload queue: when the browser regains a network, an open page runs
 * the queue (with upload progress); with no page open, the worker uploads itself (fetch-based
 * tus stack, authenticated by the session cookie).
 */
export function registerUploadSync() {
  self.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag !== UPLOAD_SYNC_TAG) return;
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window' });
        if (windows.length > 0) {
          const message: WorkerToPageMessage = { type: SW_MESSAGES.runUploadQueue };
          for (const client of windows) client.postMessage(message);
          return;
        }
        await runUploadQueue({
          authorization: () => null,
          httpStack: new FetchHttpStack(),
          chunkSize: 2 * 1024 * 1024,
        });
      })(),
    );
  }) as EventListener);
}
