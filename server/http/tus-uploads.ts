import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server, Upload } from '@tus/server';
import { serverMessages } from '../../src/api/contract/envelope.ts';
import {
  TUS_ENDPOINT,
  UPLOAD_TOKEN_HEADER,
  recordingMessages,
} from '../../src/api/contract/recording-limits.ts';
import { failure } from './envelope.ts';
import { refusalStatus } from './error-handler.ts';
import { Refusal } from '../kernel/refusal.ts';
import type { UploadIntake } from '../services/recording/upload-intake.ts';
import { UPLOAD_EXPIRY_MS, type UploadPaths } from '../services/recording/upload-paths.ts';
import type { Viewer } from '../services/session-service.ts';

/**
 * The tus endpoint (resumable uploads, tus 1.0 with creation, creation-with-upload,
 * termination and expiration) on @tus/server + @tus/file-store under DATA_DIR/uploads/tus.
 * Every request is bound to a wave: the creation carries metadata `wave_name` and the wave's
 * `Upload-Token` header (or comes from its signed-in creator), and every later request on the
 * upload is checked against the wave recorded in the upload's metadata.
 *
 * File-store keeps `{id}.json` beside the bytes, so HEAD reports the offset across restarts.
 * When an upload completes, its bytes move on to the transcode job and the record is marked
 * received: HEAD keeps answering "complete" (offset = length), so an uploader that reloads
 * before it saw the confirmation finishes instead of starting over.
 */

type TusRequest = Parameters<
  NonNullable<ConstructorParameters<typeof Server>[0]['onUploadCreate']>
>[0];
type TusError = { status_code: number; body: string };

interface StoredRecord {
  id: string;
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
  /** Set by us when the upload was complete and handed to the pipeline. */
  received?: boolean;
}

/** File-store whose completed uploads stay "complete" after their bytes moved on. */
class WaveFileStore extends FileStore {
  override async getUpload(id: string): Promise<Upload> {
    try {
      return await super.getUpload(id);
    } catch (error) {
      if (error !== ERRORS.FILE_NO_LONGER_EXISTS) throw error;
      const record = (await this.configstore.get(id)) as StoredRecord | undefined;
      if (!record?.received || record.size === undefined) throw error;
      return new Upload({
        id,
        size: record.size,
        offset: record.size,
        ...(record.metadata ? { metadata: record.metadata } : {}),
        ...(record.creation_date ? { creation_date: record.creation_date } : {}),
      });
    }
  }

  async markReceived(id: string) {
    const record = (await this.configstore.get(id)) as StoredRecord | undefined;
    if (record) {
      await this.configstore.set(id, { ...record, received: true } as unknown as Upload);
    }
  }

  async forget(id: string) {
    await this.configstore.delete(id).catch(() => undefined);
  }

  filePath(id: string) {
    return path.join(this.directory, id);
  }
}

function tusError(status: number, message: string, fields: Record<string, string> = {}): TusError {
  return { status_code: status, body: JSON.stringify(failure(message, fields)) };
}

function asTusError(error: unknown): unknown {
  if (error instanceof Refusal) {
    return tusError(refusalStatus(error.kind), error.message, { ...error.fields });
  }
  return error;
}

export interface TusUploads {
  server: Server;
  /** Tells the tus hooks who is calling (set by the route before handing the request over). */
  viewers: WeakMap<IncomingMessage, Viewer>;
}

export function createTusUploads(deps: {
  intake: UploadIntake;
  paths: UploadPaths;
  anonymousViewer: Viewer;
  /** Origins allowed to read tus replies cross-origin (CORS); our own origin only. */
  allowedOrigins: string[];
  log?: { error(object: object, message: string): void } | null;
}): TusUploads {
  const { intake } = deps;
  const viewers = new WeakMap<IncomingMessage, Viewer>();
  const store = new WaveFileStore({
    directory: deps.paths.tus,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
  });

  const viewerOf = (req: TusRequest): Viewer => {
    const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    return (node && viewers.get(node)) ?? deps.anonymousViewer;
  };
  const tokenOf = (req: TusRequest) => req.headers.get(UPLOAD_TOKEN_HEADER) ?? undefined;

  /** The wave of an upload, if the caller may touch it. */
  const authorize = async (req: TusRequest, waveName: string | null | undefined) => {
    if (!waveName) throw tusError(400, recordingMessages.uploadFailed, { wave_name: 'required' });
    return intake.authorize(waveName, tokenOf(req), viewerOf(req));
  };

  const server = new Server({
    path: TUS_ENDPOINT,
    datastore: store,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    allowedOrigins: deps.allowedOrigins,
    // Sizes are checked per wave in onUploadCreate, after the caller proved it owns the wave
    // (the wave then fails with the reason); the body is never read past the declared length.
    async onIncomingRequest(req, id) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const record = (await store.configstore.get(id)) as StoredRecord | undefined;
      if (!record) return; // tus answers 404
      try {
        const wave = await authorize(req, record.metadata?.['wave_name']);
        if (req.method === 'PATCH' && !record.received) {
          await intake.admitUpload(wave, {
            bytes: record.size ?? null,
            sha256: record.metadata?.['sha256'] ?? null,
          });
        }
      } catch (error) {
        throw asTusError(error);
      }
    },

    async onUploadCreate(req, upload) {
      try {
        if (upload.sizeIsDeferred) {
          throw tusError(400, recordingMessages.uploadFailed, { 'upload-length': 'required' });
        }
        const wave = await authorize(req, upload.metadata?.['wave_name']);
        await intake.admitUpload(wave, {
          bytes: upload.size ?? null,
          sha256: upload.metadata?.['sha256'] ?? null,
        });
        return {};
      } catch (error) {
        throw asTusError(error);
      }
    },

    async onUploadFinish(req, upload) {
      const file = store.filePath(upload.id);
      try {
        const wave = await authorize(req, upload.metadata?.['wave_name']);
        await intake.receiveFile(wave.id, file);
        await store.markReceived(upload.id);
        return {};
      } catch (error) {
        // Refused or failed: nothing of this upload stays (the wave records why).
        await store.forget(upload.id);
        throw asTusError(error);
      }
    },

    onResponseError(_req, error) {
      if ('status_code' in error) {
        if (error.status_code === 413 && !error.body.startsWith('{')) {
          return tusError(413, recordingMessages.tooLarge);
        }
        return undefined;
      }
      deps.log?.error({ err: error }, 'tus upload failed');
      return tusError(500, serverMessages.internalError);
    },
  });
  return { server, viewers };
}
