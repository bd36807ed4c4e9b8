import { Upload, type HttpStack } from 'tus-js-client';
import type { Envelope } from '../../api/contract/envelope.ts';
import type { NewWaveData, UploadStatus } from '../../api/contract/recording.ts';
import {
  TUS_ENDPOINT,
  UPLOAD_TOKEN_HEADER,
  recordingMessages,
} from '../../api/contract/recording-limits.ts';
import { deleteRecording, getRecording, recordingBlob } from '../recording/recording-store.ts';
import { emitQueueChanged } from './upload-events.ts';
import {
  getUploadFile,
  listUploads,
  patchUpload,
  removeUpload,
  type UploadItem,
} from './upload-store.ts';

/**
 * Runs the persistent upload queue: create the wave (idempotent), upload the audio with tus
 * (resuming from the server's offset), then keep the local audio until the server confirms the
 * size and SHA-256. DOM-free, so the page and the service worker run the same code; a Web Lock
 * keeps two runners (two tabs, or a tab and the worker) from uploading the same item.
 */
export interface RunnerEnvironment {
  /** Authorization for API calls (the page's stored token; the worker relies on the cookie). */
  authorization: () => string | null;
  /** The worker passes a fetch-based stack; the page uses tus-js-client's XHR stack. */
  httpStack?: HttpStack;
  chunkSize?: number;
}

/** Network trouble: the item waits for the next run (online event, Background Sync, start). */
class Offline extends Error {}
/** The server refused the item; retrying as is will not help. */
class Refused extends Error {}

const PROGRESS_EVERY_MS = 250;

/**
 * Whether the same request may succeed later: no answer at all, tus's offset conflicts (409,
 * 423), a rate limit or a busy server shedding load (429, docs/decisions.md "Load shedding"),
 * and server errors. Any other refusal is final.
 */
export function isTransientStatus(status: number | undefined): boolean {
  return !status || status === 409 || status === 423 || status === 429 || status >= 500;
}

type TusError = Error & {
  originalResponse?: { getStatus(): number; getBody(): string } | null;
};
const statusOf = (error: Error) => (error as TusError).originalResponse?.getStatus();

async function api<T>(
  env: RunnerEnvironment,
  path: string,
  init: RequestInit & { uploadToken?: string },
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body) headers['Content-Type'] = 'application/json';
  const auth = env.authorization();
  if (auth) headers['Authorization'] = `Bearer ${auth}`;
  if (init.uploadToken) headers[UPLOAD_TOKEN_HEADER] = init.uploadToken;
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, { ...init, headers, credentials: 'include' });
  } catch {
    throw new Offline('offline');
  }
  if (response.status >= 500 || response.status === 429)
    throw new Offline(`server ${response.status}`);
  const reply = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!reply) throw new Offline('unreadable reply');
  if (!reply.success) {
    const field = Object.values(reply.formFieldErrorMessages ?? {})[0];
    throw new Refused(field ?? reply.message ?? recordingMessages.uploadFailed);
  }
  return reply.data as T;
}

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function audioOf(item: UploadItem): Promise<Blob | null> {
  if (item.source.kind === 'file') return (await getUploadFile(item.id)) ?? null;
  const meta = await getRecording(item.source.recordingId);
  return meta ? recordingBlob(meta) : null;
}

async function createWave(env: RunnerEnvironment, item: UploadItem): Promise<UploadItem> {
  if (item.waveName && item.uploadToken) return item;
  const data = await api<NewWaveData>(env, '/wave/newwave', {
    method: 'POST',
    body: JSON.stringify({ ...item.body, idempotency_key: item.id }),
  });
  return (await patchUpload(item.id, {
    waveName: data.wave_name,
    uploadToken: data.upload_token,
  })) as UploadItem;
}

function tusUpload(
  env: RunnerEnvironment,
  item: UploadItem,
  audio: Blob,
  sha256: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let lastWrite = 0;
    const headers: Record<string, string> = { [UPLOAD_TOKEN_HEADER]: item.uploadToken ?? '' };
    const auth = env.authorization();
    if (auth) headers['Authorization'] = `Bearer ${auth}`;
    const upload = new Upload(audio, {
      endpoint: TUS_ENDPOINT,
      ...(item.uploadUrl ? { uploadUrl: item.uploadUrl } : {}),
      metadata: { wave_name: item.waveName ?? '', filetype: item.mimeType, sha256 },
      headers,
      chunkSize: env.chunkSize ?? Number.POSITIVE_INFINITY,
      retryDelays: [0, 1000, 3000, 5000],
      // tus-js-client's own rule gives up on a 429; a busy server asks for a moment, not a stop.
      onShouldRetry: (error) =>
        isTransientStatus(statusOf(error)) && globalThis.navigator?.onLine !== false,
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      ...(env.httpStack ? { httpStack: env.httpStack } : {}),
      onUploadUrlAvailable: () => {
        void patchUpload(item.id, { uploadUrl: upload.url }).then(emitQueueChanged);
      },
      onProgress: (sent, total) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_EVERY_MS && sent < total) return;
        lastWrite = now;
        const progress = Math.floor((sent / total) * 10_000) / 100;
        void patchUpload(item.id, { progress }).then(emitQueueChanged);
      },
      onSuccess: () => resolve(),
      onError: (error) => {
        if (!isTransientStatus(statusOf(error))) {
          const body = (error as TusError).originalResponse?.getBody();
          let message: string = recordingMessages.uploadFailed;
          try {
            message = (JSON.parse(body ?? '') as Envelope<unknown>).message || message;
          } catch {
            // A plain-text refusal keeps the generic text.
          }
          reject(new Refused(message));
        } else reject(new Offline(String(error)));
      },
    });
    upload.start();
  });
}

async function confirmReceived(env: RunnerEnvironment, item: UploadItem): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const status = await api<UploadStatus>(
      env,
      `/wave/uploadstatus/${encodeURIComponent(item.waveName ?? '')}`,
      {
        method: 'GET',
        uploadToken: item.uploadToken ?? '',
      },
    );
    if (status.status === 'failed')
      throw new Refused(status.failure_reason ?? recordingMessages.uploadFailed);
    if (status.audio_bytes === item.bytes && status.audio_sha256 === item.sha256) return;
    if (status.audio_bytes !== null && status.audio_sha256 !== null) {
      // The server holds different bytes: start the upload over.
      await patchUpload(item.id, { uploadUrl: null, progress: 0 });
      throw new Offline('verification mismatch');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Offline('not confirmed yet');
}

async function processItem(env: RunnerEnvironment, start: UploadItem): Promise<void> {
  let item = (await patchUpload(start.id, { state: 'uploading', error: null })) as UploadItem;
  emitQueueChanged();
  try {
    const audio = await audioOf(item);
    if (!audio) throw new Refused(recordingMessages.metadataUnreadable);
    if (!item.sha256) {
      item = (await patchUpload(item.id, {
        sha256: await sha256Hex(audio),
        bytes: audio.size,
      })) as UploadItem;
    }
    item = await createWave(env, item);
    await tusUpload(env, item, audio, item.sha256 ?? '');
    item = (await patchUpload(item.id, { state: 'verifying', progress: 100 })) as UploadItem;
    emitQueueChanged();
    await confirmReceived(env, item);
    // Confirmed: the server holds exactly these bytes; the local copy can go.
    if (item.source.kind === 'recording') await deleteRecording(item.source.recordingId);
    await patchUpload(item.id, { state: 'done', error: null });
  } catch (error) {
    if (error instanceof Refused) {
      await patchUpload(item.id, {
        state: 'failed',
        error: error.message,
        attempts: item.attempts + 1,
      });
    } else {
      await patchUpload(item.id, { state: 'waiting', attempts: item.attempts + 1 });
      emitQueueChanged();
      throw error;
    }
  }
  emitQueueChanged();
}

async function runOnce(env: RunnerEnvironment): Promise<void> {
  for (const item of await listUploads()) {
    if (item.state === 'done' || item.state === 'failed') continue;
    try {
      await processItem(env, item);
    } catch (error) {
      if (error instanceof Offline) return; // no network: the rest waits too
      throw error;
    }
  }
}

let running: Promise<void> | null = null;

/** Runs the queue unless this context already does; a Web Lock covers other tabs and the worker. */
export function runUploadQueue(env: RunnerEnvironment): Promise<void> {
  if (running) return running;
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  const work = locks
    ? locks.request('waves-upload-queue', { ifAvailable: true }, async (lock: Lock | null) => {
        if (lock) await runOnce(env);
      })
    : runOnce(env);
  running = Promise.resolve(work).finally(() => {
    running = null;
  });
  return running;
}

/** A failed item goes back to the queue as it is (its wave and any received bytes kept). */
export async function retryUpload(id: string) {
  await patchUpload(id, { state: 'waiting', error: null });
  emitQueueChanged();
}

/** Removes an item and its local audio. */
export async function discardUpload(id: string) {
  const items = await listUploads();
  const item = items.find((candidate) => candidate.id === id);
  if (item?.source.kind === 'recording') await deleteRecording(item.source.recordingId);
  await removeUpload(id);
  emitQueueChanged();
}
