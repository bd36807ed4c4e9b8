import path from 'node:path';

/** Where uploads live on disk (all on one file system, so moves are renames). */
export function uploadPaths(dataDir: string) {
  const root = path.join(dataDir, 'uploads');
  return {
    root,
    /** tus uploads in progress: `{id}` and `{id}.json` (@tus/file-store). */
    tus: path.join(root, 'tus'),
    /** Multipart uploads being received. */
    multipart: path.join(root, 'multipart'),
    /** Complete uploads waiting for (or in) their transcode job. */
    received: path.join(root, 'received'),
    /** Transcoder output before it is stored. */
    work: path.join(root, 'work'),
  };
}
export type UploadPaths = ReturnType<typeof uploadPaths>;

/** Unfinished tus uploads are kept this long, then removed (the uploader starts over). */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 60 * 60_000;
