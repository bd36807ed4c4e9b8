import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../db/database.ts';
import {
  tusUploadsRepository,
  type TusUploadRow,
} from '../../db/repositories/tus-uploads-repository.ts';
import { Refusal } from '../../kernel/refusal.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { UPLOAD_EXPIRY_MS } from './upload-paths.ts';

/** Bytes of an upload stored as one part: what a killed process can lose of a request. */
export const UPLOAD_PART_BYTES = 256 * 1024;
/** How long a request's hold on an upload lasts without renewal (a dead process's lapses). */
export const UPLOAD_LOCK_LEASE_MS = 6_000;
const LOCK_RENEW_MS = 1_500;
const LOCK_POLL_MS = 100;
/** Parts nobody refers to any more (a crash between two steps) go after this. */
const ORPHAN_AGE_MS = 24 * 60 * 60_000;

const partsFolder = (id: string) => `uploads/parts/${id}/`;
const partKey = (id: string, index: number) =>
  `${partsFolder(id)}${String(index).padStart(6, '0')}`;

export interface UploadLockHandle {
  /** Lets go of the upload (another request may take it at once). */
  release(): Promise<void>;
}

/**
 * Resumable uploads that any API process can continue (docs/decisions.md "Uploads across
 * processes"). The state of an upload is a `tus_uploads` row in the shared database and its
 * bytes are parts of at most UPLOAD_PART_BYTES in the media storage (the disk, or the bucket
 * every process shares). A request holds the upload through a lease in `upload_locks`, renewed
 * while it runs: a process that dies mid-request loses at most its unstored part, and its
 * lease lapses after UPLOAD_LOCK_LEASE_MS so another process takes the upload over.
 */
export function resumableUploads(deps: {
  db: Db;
  storage: MediaStorage;
  /** Local folder for assembling a complete upload. */
  workDir: string;
  partBytes?: number;
  onBytesStored?: (bytes: number) => void;
}) {
  const { storage } = deps;
  // Wall-clock time throughout: tus expires uploads by it, and leases span processes.
  const clock = { now: () => Date.now() };
  const uploads = tusUploadsRepository(deps.db.kysely);
  const partBytes = deps.partBytes ?? UPLOAD_PART_BYTES;
  const processId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function storePart(row: TusUploadRow, index: number, offset: number, bytes: Buffer) {
    const key = partKey(row.id, index);
    await storage.putStream(key, Readable.from([bytes]));
    if (!(await uploads.addPart(row.id, offset, bytes.length, clock.now()))) {
      // Another request wrote here first (it held the upload after our lease lapsed).
      await storage.delete(key);
      throw new Refusal('conflict', 'the upload was continued elsewhere');
    }
    deps.onBytesStored?.(bytes.length);
  }

  async function removeParts(id: string) {
    await storage.deletePrefix(partsFolder(id));
  }

  return {
    create(id: string, size: number, metadata: Record<string, string | null>) {
      return uploads.create({ id, size, metadata: JSON.stringify(metadata), now: clock.now() });
    },

    find: (id: string) => uploads.find(id),

    metadataOf(row: TusUploadRow): Record<string, string | null> {
      return JSON.parse(row.metadata) as Record<string, string | null>;
    },

    /**
     * Appends a request body at the upload's current offset, part by part; what arrived
     * before the body ended (or the client went away) is kept. Returns the new offset.
     */
    async append(id: string, body: Readable): Promise<number> {
      let row = await uploads.find(id);
      if (!row) throw new Refusal('not-found', 'not found');
      let offset = row.bytes_stored;
      let index = row.parts;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (pendingBytes === 0 || !row) return;
        const bytes = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await storePart(row, index, offset, bytes);
        index += 1;
        offset += bytes.length;
      };
      try {
        for await (const chunk of body) {
          let data = chunk as Buffer;
          while (data.length > 0) {
            const room = partBytes - pendingBytes;
            pending.push(data.subarray(0, room));
            pendingBytes += Math.min(room, data.length);
            data = data.subarray(room);
            if (pendingBytes >= partBytes) await flush();
          }
        }
      } finally {
        // Whatever arrived counts, even when the body broke off.
        row = await uploads.find(id);
        if (row && row.bytes_stored === offset) await flush();
      }
      return offset;
    },

    /** Writes the parts of a complete upload, in order, into a local file; returns its path. */
    async assemble(row: TusUploadRow): Promise<string> {
      await mkdir(deps.workDir, { recursive: true });
      const file = path.join(deps.workDir, `${row.id}-${randomBytes(4).toString('hex')}`);
      const keys = Array.from({ length: row.parts }, (_, index) => partKey(row.id, index));
      async function* parts() {
        for (const key of keys) yield* storage.createReadStream(key);
      }
      try {
        await pipeline(Readable.from(parts()), createWriteStream(file, { flags: 'wx' }));
        return file;
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },

    /** Complete and handed to the pipeline: the parts go, the record keeps answering "done". */
    async markReceived(id: string) {
      await uploads.markReceived(id, clock.now());
      await removeParts(id);
    },

    async remove(id: string) {
      await removeParts(id);
      await uploads.delete(id);
    },

    /**
     * Holds an upload for one request. When another request holds it, asks that request to
     * end (tus: a new request for an upload wins over a stale one) and waits for the upload,
     * or for a dead holder's lease to lapse. `onReleaseRequested` ends this request's work.
     */
    async lock(
      id: string,
      signal: AbortSignal,
      onReleaseRequested: () => void,
      timeoutMs = UPLOAD_LOCK_LEASE_MS * 3,
    ): Promise<UploadLockHandle | null> {
      const holder = `${processId}:${randomBytes(6).toString('hex')}`;
      const deadline = Date.now() + timeoutMs;
      let asked = false;
      for (;;) {
        if (signal.aborted) return null;
        const now = clock.now();
        if (await uploads.acquireLock(id, holder, now + UPLOAD_LOCK_LEASE_MS, now)) break;
        if (!asked) {
          asked = true;
          await uploads.requestRelease(id);
        }
        if (Date.now() > deadline) return null;
        await sleep(LOCK_POLL_MS);
      }
      let released = false;
      let releaseAsked = false;
      const renew = setInterval(() => {
        uploads
          .renewLock(id, holder, clock.now() + UPLOAD_LOCK_LEASE_MS)
          .then((waiting) => {
            if (released || releaseAsked || waiting === false) return;
            releaseAsked = true;
            onReleaseRequested();
          })
          .catch(() => undefined);
      }, LOCK_RENEW_MS);
      renew.unref();
      return {
        async release() {
          if (released) return;
          released = true;
          clearInterval(renew);
          await uploads.releaseLock(id, holder);
        },
      };
    },

    /**
     * Removes what no upload will use any more: uploads unfinished after UPLOAD_EXPIRY_MS
     * (and the records of finished ones), lapsed leases, and parts without an upload.
     * Returns the ids of the uploads removed.
     */
    async sweep(now = clock.now()): Promise<string[]> {
      const removed: string[] = [];
      for (const row of await uploads.createdBefore(now - UPLOAD_EXPIRY_MS)) {
        await removeParts(row.id);
        await uploads.delete(row.id);
        removed.push(row.id);
      }
      await uploads.deleteLocksBefore(now - UPLOAD_LOCK_LEASE_MS);
      const orphans = new Set<string>();
      for await (const part of storage.list('uploads/parts/')) {
        const id = part.key.split('/')[2];
        if (id && now - part.modifiedAt > ORPHAN_AGE_MS && !(await uploads.find(id))) {
          orphans.add(id);
        }
      }
      for (const id of orphans) await removeParts(id);
      return removed;
    },
  };
}

export type ResumableUploads = ReturnType<typeof resumableUploads>;
