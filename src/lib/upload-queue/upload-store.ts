import { createStore, del, entries, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { NewWaveBody } from '../../api/contract/recording.ts';

/**
 * The persistent upload queue (IndexedDB). Each item is one wave to create and upload; it keeps
 * its audio (a recording's chunks, or the chosen file as a Blob) until the server confirms size
 * and SHA-256. DOM-free: the service worker runs the same queue for Background Sync.
 */
export type UploadState = 'waiting' | 'uploading' | 'verifying' | 'done' | 'failed';

export interface UploadItem {
  /** Also the idempotency key of POST /wave/newwave: a retry gets the same wave_name. */
  id: string;
  createdAt: number;
  body: Omit<NewWaveBody, 'idempotency_key'>;
  source: { kind: 'recording'; recordingId: string } | { kind: 'file'; fileName: string };
  mimeType: string;
  bytes: number;
  sha256: string | null;
  waveName: string | null;
  uploadToken: string | null;
  uploadUrl: string | null;
  /** Percent, two decimals (docs/product/recording.md "Upload flow"). */
  progress: number;
  state: UploadState;
  error: string | null;
  attempts: number;
  /** Where the creator returns after saving (shown as a link when done). */
  backToPath: string;
}

let itemStore: UseStore | null = null;
let blobStore: UseStore | null = null;
const items = () => (itemStore ??= createStore('waves-uploads', 'items'));
const blobs = () => (blobStore ??= createStore('waves-upload-files', 'files'));

export async function listUploads(): Promise<UploadItem[]> {
  const all = await entries<string, UploadItem>(items());
  return all.map(([, item]) => item).sort((a, b) => a.createdAt - b.createdAt);
}

export function putUpload(item: UploadItem) {
  return set(item.id, item, items());
}

/**
 * Changes an item in one read-write transaction: patches run concurrently (tus reports its
 * upload URL and its first progress at about the same time), and a separate read and write
 * would let one patch undo the other.
 */
export function patchUpload(
  id: string,
  patch: Partial<UploadItem>,
): Promise<UploadItem | undefined> {
  return items()('readwrite', (store) => {
    let next: UploadItem | undefined;
    const read = store.get(id);
    read.onsuccess = () => {
      const item = read.result as UploadItem | undefined;
      if (!item) return;
      next = { ...item, ...patch };
      store.put(next, id);
    };
    return promisifyRequest(store.transaction).then(() => next);
  });
}

export function putUploadFile(id: string, file: Blob) {
  return set(id, file, blobs());
}

export function getUploadFile(id: string) {
  return get<Blob>(id, blobs());
}

export async function removeUpload(id: string) {
  await del(id, blobs());
  await del(id, items());
}
