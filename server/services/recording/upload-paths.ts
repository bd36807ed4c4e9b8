import path from 'node:path';

/**
 * A process's local folders for files on their way, inside its own scratch folder
 * (kernel/process-scratch.ts: a restarted process recovers a dead one's), all on the data's
 * file system, so moves are renames. What must outlive the process or reach another one (tus
 * parts, received files) lives in the media storage instead
 * (services/recording/resumable-uploads.ts).
 */
export function uploadPaths(dataDir: string, scratchDir: string) {
  return {
    root: scratchDir,
    /** Multipart uploads being received, and complete tus uploads being assembled. */
    multipart: path.join(scratchDir, 'multipart'),
    /** Transcoder input copied from a bucket, and its output before it is stored. */
    work: path.join(scratchDir, 'work'),
    /** Files of forms with images (profile pictures, logos, products) being received. */
    forms: path.join(scratchDir, 'forms'),
    /** Where versions before the scratch folders kept these files (swept after a day). */
    legacy: [
      path.join(dataDir, 'uploads', 'multipart'),
      path.join(dataDir, 'uploads', 'work'),
      path.join(dataDir, 'tmp', 'uploads'),
    ],
  };
}
export type UploadPaths = ReturnType<typeof uploadPaths>;

/** Unfinished tus uploads are kept this long, then removed (the uploader starts over). */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 60 * 60_000;
