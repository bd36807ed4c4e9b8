import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_EXPIRY_MS, type UploadPaths } from '../services/recording/upload-paths.ts';
import type { JobDefinition, JobQueue } from './queue.ts';
import { filesOfOpenTranscodes } from './transcode-wave.ts';

/** The kind stored in `jobs.kind` (rows outlive code: never rename it). */
export const SWEEP_STALE_UPLOADS_JOB = 'uploads-cleanup';

/** Files of the pipeline nobody refers to any more (a crash between two steps) go after this. */
const ORPHAN_AGE_MS = 24 * 60 * 60_000;

/**
 * Removes what no upload or job will use any more: tus uploads unfinished after
 * UPLOAD_EXPIRY_MS (and the records of finished ones), and files older than a day that no
 * open transcode refers to (left by a crash between two steps). Returns the removed files.
 */
export async function sweepStaleUploads(
  deps: { paths: UploadPaths; jobs: JobQueue },
  now = Date.now(),
): Promise<string[]> {
  const { paths } = deps;
  const removed: string[] = [];
  const old = async (file: string, ageMs: number) => {
    try {
      return now - (await stat(file)).mtimeMs > ageMs;
    } catch {
      return false;
    }
  };
  const list = async (dir: string) => readdir(dir).catch(() => [] as string[]);
  const remove = async (file: string) => {
    await rm(file, { force: true });
    removed.push(file);
  };

  const tusNames = await list(paths.tus);
  const tusRecords = new Set(tusNames.filter((name) => name.endsWith('.json')));
  for (const name of tusNames) {
    const file = path.join(paths.tus, name);
    if (name.endsWith('.json')) {
      if (await old(file, UPLOAD_EXPIRY_MS)) {
        await remove(path.join(paths.tus, name.slice(0, -'.json'.length)));
        await remove(file);
      }
    } else if (!tusRecords.has(`${name}.json`)) {
      if (await old(file, ORPHAN_AGE_MS)) await remove(file);
    }
  }
  const open = await filesOfOpenTranscodes(deps.jobs);
  for (const name of await list(paths.received)) {
    const file = path.join(paths.received, name);
    if (!open.has(name) && (await old(file, ORPHAN_AGE_MS))) await remove(file);
  }
  for (const dir of [paths.multipart, paths.work]) {
    for (const name of await list(dir)) {
      const file = path.join(dir, name);
      if (await old(file, ORPHAN_AGE_MS)) await remove(file);
    }
  }
  return removed;
}

/** Hourly, by whichever worker gets there first. */
export function sweepStaleUploadsJob(deps: {
  paths: UploadPaths;
  jobs: JobQueue;
}): JobDefinition<Record<string, never>> {
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
