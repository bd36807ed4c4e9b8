import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { RECEIVED_PREFIX } from '../media/media-keys.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { ResumableUploads } from '../services/recording/resumable-uploads.ts';
import type { UploadPaths } from '../services/recording/upload-paths.ts';
import type { JobDefinition, JobQueue } from './queue.ts';
import { filesOfOpenTranscodes } from './transcode-wave.ts';

/** The kind stored in `jobs.kind` (rows outlive code: never rename it). */
export const SWEEP_STALE_UPLOADS_JOB = 'uploads-cleanup';

/** Files of the pipeline nobody refers to any more (a crash between two steps) go after this. */
const ORPHAN_AGE_MS = 24 * 60 * 60_000;

export interface SweepDeps {
  paths: UploadPaths;
  jobs: JobQueue;
  storage: MediaStorage;
  uploads: ResumableUploads;
  /** Recovers dead processes' scratch folders on this DATA_DIR (a worker that never restarted). */
  recoverDeadProcesses?: () => Promise<string[]>;
}

/**
 * Removes what no upload or job will use any more: tus uploads unfinished after
 * UPLOAD_EXPIRY_MS (and the records of finished ones), received files older than a day that
 * no open transcode refers to, this process's local leftovers older than a day (left by a
 * crash between two steps), and the scratch folders of dead processes on this DATA_DIR.
 * Returns what was removed: upload ids, storage keys, local files and folders.
 */
export async function sweepStaleUploads(deps: SweepDeps, now = Date.now()): Promise<string[]> {
  const { paths, storage } = deps;
  const removed: string[] = await deps.uploads.sweep(now);
  const open = await filesOfOpenTranscodes(deps.jobs);
  const stray: string[] = [];
  for await (const object of storage.list(RECEIVED_PREFIX)) {
    const name = object.key.slice(RECEIVED_PREFIX.length);
    if (!open.has(name) && now - object.modifiedAt > ORPHAN_AGE_MS) stray.push(object.key);
  }
  for (const key of stray) {
    await storage.delete(key);
    removed.push(key);
  }
  if (deps.recoverDeadProcesses) removed.push(...(await deps.recoverDeadProcesses()));
  for (const dir of [paths.multipart, paths.work, paths.forms, ...paths.legacy]) {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && now - info.mtimeMs > ORPHAN_AGE_MS) {
        await rm(file, { force: true });
        removed.push(file);
      }
    }
  }
  return removed;
}

/** Hourly, by whichever worker gets there first. */
export function sweepStaleUploadsJob(deps: SweepDeps): JobDefinition<Record<string, never>> {
  return {
    kind: SWEEP_STALE_UPLOADS_JOB,
    parse: () => ({}),
    run: async () => {
      await sweepStaleUploads(deps);
    },
    maxAttempts: 2,
    everyMs: 60 * 60_000,
  };
}
