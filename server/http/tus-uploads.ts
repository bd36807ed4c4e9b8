import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Server, Upload, type Lock, type Locker } from '@tus/server';
import { serverMessages } from '../../src/api/contract/envelope.ts';
import {
  TUS_ENDPOINT,
  UPLOAD_TOKEN_HEADER,
  recordingMessages,
} from '../../src/api/contract/recording-limits.ts';
import { failure } from './envelope.ts';
import { refusalStatus } from './error-handler.ts';
import type { Log } from '../kernel/log.ts';
import { Refusal } from '../kernel/refusal.ts';
import type {
  ResumableUploads,
  UploadLockHandle,
} from '../services/recording/resumable-uploads.ts';
import type { UploadIntake } from '../services/recording/upload-intake.ts';
import { UPLOAD_EXPIRY_MS } from '../services/recording/upload-paths.ts';
import type { Viewer } from '../services/session-service.ts';

/**
 * The tus endpoint (resumable uploads, tus 1.0 with creation, creation-with-upload,
 * termination and expiration) on @tus/server, with a store and a locker of our own over
 * services/recording/resumable-uploads.ts: an upload's state is a database row and its bytes
 * are parts in the media storage, so any API process can take any request of any upload
 * (docs/decisions.md "Uploads across processes"). Every request is bound to a wave: the
 * creation carries metadata `wave_name` and the wave's `Upload-Token` header (or comes from its
 * signed-in creator), and every later request is checked against the wave in the upload's
 * metadata.
 *
 * When an upload completes, its bytes move on to the transcode job and the record is marked
 * received: HEAD keeps answering "complete" (offset = length), so an uploader that reloads
 * before it saw the confirmation finishes instead of starting over.
 */

type TusRequest = Parameters<
  NonNullable<ConstructorParameters<typeof Server>[0]['onUploadCreate']>
>[0];
type TusError = { status_code: number; body: string };

/** @tus/server's store interface over the shared uploads. */
class SharedUploadStore extends DataStore {
  constructor(private readonly uploads: ResumableUploads) {
    super();
    // Deferred lengths are announced so that onUploadCreate can refuse them in our words.
    this.extensions = [
      'creation',
      'creation-with-upload',
      'creation-defer-length',
      'termination',
      'expiration',
    ];
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date = new Date().toISOString();
    await this.uploads.create(upload.id, upload.size ?? 0, upload.metadata ?? {});
    return upload;
  }

  override async write(stream: Readable, id: string): Promise<number> {
    return this.uploads.append(id, stream);
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.uploads.find(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size,
      offset: row.received ? row.size : row.bytes_stored,
      metadata: this.uploads.metadataOf(row),
      creation_date: new Date(row.created_at).toISOString(),
    });
  }

  override async remove(id: string): Promise<void> {
    if (!(await this.uploads.find(id))) throw ERRORS.FILE_NOT_FOUND;
    await this.uploads.remove(id);
  }

  override getExpiration(): number {
    return UPLOAD_EXPIRY_MS;
  }

  /** The uploads sweep (server/jobs/sweep-stale-uploads.ts) removes expired uploads. */
  override async deleteExpired(): Promise<number> {
    return 0;
  }
}

/** @tus/server's lock interface over the shared leases. */
function sharedLocker(uploads: ResumableUploads): Locker {
  return {
    newLock(id: string): Lock {
      let held: UploadLockHandle | null = null;
      return {
        async lock(signal, requestRelease) {
          held = await uploads.lock(id, signal, () => void requestRelease());
          if (!held) throw ERRORS.ERR_LOCK_TIMEOUT;
        },
        async unlock() {
          await held?.release();
          held = null;
        },
      };
    },
  };
}

/**
 * tus answers its protocol errors (a missing Tus-Resumable header, a wrong offset, an unknown
 * upload) in plain text. The status and headers stay the protocol's; the body becomes the
 * envelope with tus's own words as the message, like every other refusal of the API.
 */
class EnvelopeTusServer extends Server {
  override write(...[context, headers, status, body]: Parameters<Server['write']>) {
    if (status < 400 || !body || body.startsWith('{')) {
      return super.write(context, headers, status, body);
    }
    headers.set('Content-Type', 'application/json; charset=utf-8');
    return super.write(context, headers, status, JSON.stringify(failure(body.trim())));
  }
}

/** Who sends a tus request, told by the route before it hands the request over. */
export interface TusCaller {
  viewer: Viewer;
  /** The request's id, for failure envelopes (tus writes them, not Fastify). */
  requestId: string;
  /** The request's logger (its lines name the request id). */
  log: Log;
}

function tusError(
  caller: TusCaller | undefined,
  status: number,
  message: string,
  fields: Record<string, string> = {},
): TusError {
  const requestId = caller?.requestId;
  return {
    status_code: status,
    body: JSON.stringify({ ...failure(message, fields), ...(requestId ? { requestId } : {}) }),
  };
}

function asTusError(caller: TusCaller | undefined, error: unknown): unknown {
  if (error instanceof Refusal) {
    return tusError(caller, refusalStatus(error.kind), error.message, { ...error.fields });
  }
  return error;
}

export interface TusUploads {
  server: Server;
  /** Tells the tus hooks who is calling (set by the route before handing the request over). */
  callers: WeakMap<IncomingMessage, TusCaller>;
}

export function createTusUploads(deps: {
  intake: UploadIntake;
  uploads: ResumableUploads;
  anonymousViewer: Viewer;
  /** Origins allowed to read tus replies cross-origin (CORS); our own origin only. */
  allowedOrigins: string[];
  log?: { error(object: object, message: string): void } | null;
}): TusUploads {
  const { intake, uploads } = deps;
  const callers = new WeakMap<IncomingMessage, TusCaller>();
  const store = new SharedUploadStore(uploads);

  const callerOf = (req: TusRequest): TusCaller | undefined => {
    const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    return node && callers.get(node);
  };
  const viewerOf = (req: TusRequest): Viewer => callerOf(req)?.viewer ?? deps.anonymousViewer;
  const tokenOf = (req: TusRequest) => req.headers.get(UPLOAD_TOKEN_HEADER) ?? undefined;

  /** The wave of an upload, if the caller may touch it. */
  const authorize = async (req: TusRequest, waveName: string | null | undefined) => {
    if (!waveName) {
      throw tusError(callerOf(req), 400, recordingMessages.uploadFailed, { wave_name: 'required' });
    }
    return intake.authorize(waveName, tokenOf(req), viewerOf(req));
  };

  const server = new EnvelopeTusServer({
    path: TUS_ENDPOINT,
    datastore: store,
    locker: sharedLocker(uploads),
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    allowedOrigins: deps.allowedOrigins,
    // Sizes are checked per wave in onUploadCreate, after the caller proved it owns the wave
    // (the wave then fails with the reason); the body is never read past the declared length.
    async onIncomingRequest(req, id) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const record = await uploads.find(id);
      if (!record) return; // tus answers 404
      const metadata = uploads.metadataOf(record);
      try {
        const wave = await authorize(req, metadata['wave_name']);
        if (req.method === 'PATCH' && !record.received) {
          await intake.admitUpload(wave, {
            bytes: record.size,
            sha256: metadata['sha256'] ?? null,
          });
        }
      } catch (error) {
        throw asTusError(callerOf(req), error);
      }
    },

    async onUploadCreate(req, upload) {
      try {
        if (upload.sizeIsDeferred) {
          throw tusError(callerOf(req), 400, recordingMessages.uploadFailed, {
            'upload-length': 'required',
          });
        }
        const wave = await authorize(req, upload.metadata?.['wave_name']);
        await intake.admitUpload(wave, {
          bytes: upload.size ?? null,
          sha256: upload.metadata?.['sha256'] ?? null,
        });
        return {};
      } catch (error) {
        throw asTusError(callerOf(req), error);
      }
    },

    async onUploadFinish(req, upload) {
      try {
        const wave = await authorize(req, upload.metadata?.['wave_name']);
        const record = await uploads.find(upload.id);
        if (!record) throw ERRORS.FILE_NOT_FOUND;
        // receiveFile takes the assembled file over (kept for the transcode, or removed).
        await intake.receiveFile(wave.id, await uploads.assemble(record));
        await uploads.markReceived(upload.id);
        return {};
      } catch (error) {
        // Refused or failed: nothing of this upload stays (the wave records why).
        await uploads.remove(upload.id).catch(() => undefined);
        throw asTusError(callerOf(req), error);
      }
    },

    onResponseError(req, error) {
      const caller = callerOf(req);
      if ('status_code' in error) {
        if (error.status_code === 413 && !error.body.startsWith('{')) {
          return tusError(caller, 413, recordingMessages.tooLarge);
        }
        return undefined;
      }
      (caller?.log ?? deps.log)?.error({ err: error }, 'tus upload failed');
      return tusError(caller, 500, serverMessages.internalError);
    },
  });
  return { server, callers };
}
