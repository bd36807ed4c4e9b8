import { createStore, del, get, type UseStore } from 'idb-keyval';

/**
 * Files that arrive through the share target: the service worker stores the POSTed audio under
 * an id and opens /recorder?shared={id}; the recorder takes it from here.
 */
export const SHARED_FILES_DB = 'waves-shared-files';
let store: UseStore | null = null;
export const sharedFileStore = () => (store ??= createStore(SHARED_FILES_DB, 'files'));

const taken = new Map<string, File>();

/** Synchronously returns a file already read; `loadSharedFile` reads it from IndexedDB first. */
export function takeSharedFile(id: string): File | undefined {
  return taken.get(id);
}

export async function loadSharedFile(id: string): Promise<File | undefined> {
  const file = await get<File>(id, sharedFileStore());
  if (file) {
    taken.set(id, file);
    await del(id, sharedFileStore());
  }
  return file;
}
