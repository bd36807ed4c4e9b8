import { createStore, del, get, type UseStore } from 'idb-keyval';

/**
 * Files that arrive through the share target: the service worker stores the POSTed audio under
 * an id and opens /recorder?shared={id}; the recorder takes it from here.
 */
export const SHARED_FILES_DB = 'waves-shared-files';
let store: UseStore | null = null;
export const sharedFileStore = () => (store ??= createStore(SHARED_FILES_DB, 'files'));

/** Files already taken from IndexedDB in this page (the picker, then the recorder, ask twice). */
const taken = new Map<string, File>();

export async function loadSharedFile(id: string): Promise<File | undefined> {
  const known = taken.get(id);
  if (known) return known;
  const file = await get<File>(id, sharedFileStore());
  if (file) {
    taken.set(id, file);
    await del(id, sharedFileStore());
  }
  return file;
}
