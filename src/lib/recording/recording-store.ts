import { createStore, del, delMany, entries, get, getMany, set, type UseStore } from 'idb-keyval';

/**
 * Recordings live in IndexedDB as they are made: one ArrayBuffer per MediaRecorder chunk, written
 * the moment it is produced, so a crash, a phone call or a closed tab loses at most one chunk.
 * DOM-free: the service worker reads the same stores for Background Sync uploads.
 */
export interface RecordingMeta {
  id: string;
  mimeType: string;
  startedAt: number;
  /** Milliseconds of audio recorded so far (excluding pauses). */
  durationMs: number;
  chunkCount: number;
  bytes: number;
  /** `recording` until stopped; a `recording` entry found at start-up was interrupted. */
  state: 'recording' | 'stopped' | 'queued';
}

let metaStore: UseStore | null = null;
let chunkStore: UseStore | null = null;
const metas = () => (metaStore ??= createStore('waves-recordings', 'meta'));
const chunks = () => (chunkStore ??= createStore('waves-recording-chunks', 'chunks'));
const chunkKey = (id: string, index: number) => `${id}:${String(index).padStart(6, '0')}`;

export async function beginRecording(id: string, mimeType: string): Promise<RecordingMeta> {
  const meta: RecordingMeta = {
    id,
    mimeType,
    startedAt: Date.now(),
    durationMs: 0,
    chunkCount: 0,
    bytes: 0,
    state: 'recording',
  };
  await set(id, meta, metas());
  return meta;
}

/** Appends one chunk and updates the metadata in the same breath. */
export async function appendChunk(
  meta: RecordingMeta,
  data: ArrayBuffer,
  durationMs: number,
): Promise<RecordingMeta> {
  const next: RecordingMeta = {
    ...meta,
    chunkCount: meta.chunkCount + 1,
    bytes: meta.bytes + data.byteLength,
    durationMs,
  };
  await set(chunkKey(meta.id, meta.chunkCount), data, chunks());
  await set(meta.id, next, metas());
  return next;
}

export async function updateRecording(id: string, patch: Partial<RecordingMeta>): Promise<void> {
  const meta = await get<RecordingMeta>(id, metas());
  if (meta) await set(id, { ...meta, ...patch }, metas());
}

export function getRecording(id: string): Promise<RecordingMeta | undefined> {
  return get<RecordingMeta>(id, metas());
}

/** The whole recording as one Blob (chunks are read in order). */
export async function recordingBlob(meta: RecordingMeta): Promise<Blob> {
  const keys = Array.from({ length: meta.chunkCount }, (_, index) => chunkKey(meta.id, index));
  const parts = (await getMany<ArrayBuffer | undefined>(keys, chunks())).filter(
    (part): part is ArrayBuffer => part !== undefined,
  );
  return new Blob(parts, { type: meta.mimeType });
}

/** Recordings that were still running when the page went away (offered for recovery). */
export async function interruptedRecordings(): Promise<RecordingMeta[]> {
  const all = await entries<string, RecordingMeta>(metas());
  return all
    .map(([, meta]) => meta)
    .filter((meta) => meta.state !== 'queued' && meta.chunkCount > 0);
}

export async function deleteRecording(id: string): Promise<void> {
  const meta = await get<RecordingMeta>(id, metas());
  if (meta) {
    await delMany(
      Array.from({ length: meta.chunkCount }, (_, index) => chunkKey(id, index)),
      chunks(),
    );
  }
  await del(id, metas());
}
