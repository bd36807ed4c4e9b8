import path from 'node:path';

/**
 * A process's local folders for uploads on their way (all on one file system, so moves are
 * renames). What must outlive the process or reach another one (tus parts, received files)
 * lives in the media storage instead (services/recording/resumable-uploads.ts).
 */
export function uploadPaths(dataDir: string) {
  const root = path.join(dataDir, 'uploads');
  return {
    root,
    /** Multipart uploads being received, and complete tus uploads being assembled. */
    multipart: path.join(root, 'multipart'),
    /** Transcoder input copied from a bucket, and its output before it is stored. */
    work: path.join(root, 'work'),
  };
}
export type UploadPaths = ReturnType<typeof uploadPaths>;

/** Unfinished tus uploads are kept this long, then removed (the uploader starts over). */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 60 * 60_000;
