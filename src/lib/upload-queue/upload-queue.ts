import { useEffect, useState } from 'react';
import { storedToken } from '../storage.ts';
import { SW_MESSAGES, UPLOAD_SYNC_TAG } from '../sw-messages.ts';
import { onQueueChanged, emitQueueChanged } from './upload-events.ts';
import { listUploads, putUpload, putUploadFile, type UploadItem } from './upload-store.ts';

/**
 * The page's side of the upload queue: enqueue, and run it at app start, when the browser comes
 * back online, and when the service worker's Background Sync asks. The runner (tus-js-client)
 * loads only when there is something to upload.
 */

const runner = () => import('./upload-runner.ts');

export async function runQueueNow(): Promise<void> {
  const pending = (await listUploads()).some(
    (item) => item.state === 'waiting' || item.state === 'uploading' || item.state === 'verifying',
  );
  if (!pending) return;
  const { runUploadQueue } = await runner();
  await runUploadQueue({ authorization: storedToken }).catch((error: unknown) =>
    console.warn('upload queue', error),
  );
}

async function askForBackgroundSync() {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (
      registration as ServiceWorkerRegistration & {
        sync?: { register(tag: string): Promise<void> };
      }
    ).sync;
    await sync?.register(UPLOAD_SYNC_TAG);
  } catch {
    // No Background Sync here (Safari, Firefox): the online event and the next start cover it.
  }
}

let started = false;

export function startUploadQueue() {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void runQueueNow());
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === SW_MESSAGES.runUploadQueue) void runQueueNow();
  });
  void runQueueNow();
}

async function enqueue(item: UploadItem) {
  await putUpload(item);
  emitQueueChanged();
  // Ask once for storage that the browser will not evict under pressure: it holds recordings.
  void navigator.storage?.persist?.().catch(() => false);
  void askForBackgroundSync();
  void runQueueNow();
}

export type NewUpload = Pick<
  UploadItem,
  'id' | 'body' | 'source' | 'mimeType' | 'bytes' | 'backToPath'
> &
  Partial<Pick<UploadItem, 'waveName' | 'uploadToken'>>;

export async function enqueueUpload(upload: NewUpload, file?: Blob) {
  if (file) await putUploadFile(upload.id, file);
  await enqueue({
    sha256: null,
    waveName: null,
    uploadToken: null,
    uploadUrl: null,
    progress: 0,
    state: 'waiting',
    error: null,
    attempts: 0,
    createdAt: Date.now(),
    ...upload,
  });
}

export async function retryItem(id: string) {
  const { retryUpload } = await runner();
  await retryUpload(id);
  void runQueueNow();
}

export async function discardItem(id: string) {
  const { discardUpload } = await runner();
  await discardUpload(id);
}

/** The queue's items, refreshed whenever any context changes them. */
export function useUploadQueue(): UploadItem[] {
  const [items, setItems] = useState<UploadItem[]>([]);
  useEffect(() => {
    let alive = true;
    const refresh = () => void listUploads().then((next) => alive && setItems(next));
    refresh();
    const stop = onQueueChanged(refresh);
    return () => {
      alive = false;
      stop();
    };
  }, []);
  return items;
}
