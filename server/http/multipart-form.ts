import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverMessages } from '../../src/api/contract/envelope.ts';
import { invalid, Refusal } from '../kernel/refusal.ts';

/** Names that say "not an image" (audio, video, documents, code, SVG): refused before reading. */
const NOT_IMAGE_EXTENSIONS =
  /\.(mp3|m4a|aac|wav|ogg|oga|opus|flac|webm|mp4|m4v|mov|avi|mkv|pdf|txt|html?|svg|svgz|js|mjs|json|xml|exe|zip|gz)$/i;
export const isNotAnImageName = (filename: string) => NOT_IMAGE_EXTENSIONS.test(filename.trim());

/**
 * @fastify/multipart for the routes of `app`, an encapsulated plugin whose routes read forms.
 * It is not registered for the whole app: its hooks (a close listener and two promises for
 * every request) would cost every route, the hot list routes too (docs/budgets.md "List
 * endpoints").
 */
export async function readsForms(app: FastifyInstance) {
  app.removeContentTypeParser('multipart/form-data');
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 2, fields: 20 } });
}

/**
 * The app's parser for forms sent to a route that reads none: the body is left unread, as
 * @fastify/multipart's own parser leaves it, so such a route answers as it did when the plugin
 * was the app's (its schema refuses the missing body; a 415 would be new).
 */
export function leavesFormsUnread(app: FastifyInstance) {
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
}

/** Text fields a form may carry (ours have at most eight). */
export const MULTIPART_MAX_FIELDS = 30;

/**
 * The parser's refusal, in our words: too many parts say so (they are not a file that is too
 * large), and a body that is not multipart, has no boundary or ends early is unreadable. Only
 * system errors (the disk) stay errors.
 */
function parserRefusal(error: unknown): Refusal | null {
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (syscall !== undefined) return null;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return invalid(serverMessages.tooManyFiles);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return invalid(serverMessages.tooManyFields);
    default:
      return invalid(serverMessages.formUnreadable);
  }
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** Uploaded files by field name, each streamed to a temporary file. */
  files: Record<string, { path: string; bytes: number }>;
  /** Removes the temporary files; call it in `finally`. */
  cleanup(): Promise<void>;
}

export interface MultipartFormOptions {
  /** Folder for the temporary files (on the same disk as the data). */
  tmpDir: string;
  /** File fields we accept; other files are drained and ignored. */
  fileFields: readonly string[];
  /** Per file; a larger file is refused with `tooLargeMessage` on its field (413). */
  maxFileBytes: number;
  tooLargeMessage: string;
  /** Where a file without a known field name reports (single-image endpoints). */
  defaultFileField?: string;
  /**
   * Refuses a file by its name before reading it (e.g. an image field given "song.mp3": the
   * name and the content disagree, which is how disguised files arrive). Content still decides
   * whether an accepted name holds what it should.
   */
  refuseFileName?: { test: (filename: string) => boolean; message: string };
}

/**
 * Reads a multipart form: text fields into memory (small), files streamed to disk with a byte
 * limit, so nothing is buffered beyond the limit. A body that announces itself larger than all
 * permitted files is refused before it is read.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: MultipartFormOptions,
): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  const files: MultipartForm['files'] = {};
  const temporary: string[] = [];
  const cleanup = async () => {
    await Promise.all(temporary.map((file) => rm(file, { force: true })));
  };
  const fieldFor = (name: string) =>
    options.fileFields.includes(name) ? name : (options.defaultFileField ?? null);
  const tooLarge = (field: string) =>
    new Refusal('too-large', options.tooLargeMessage, {
      fields: { [field]: options.tooLargeMessage },
    });

  const announced = Number(request.headers['content-length'] ?? 0);
  const slack = 64 * 1024;
  if (announced > options.fileFields.length * options.maxFileBytes + slack) {
    throw tooLarge(options.defaultFileField ?? options.fileFields[0] ?? 'file');
  }

  await mkdir(options.tmpDir, { recursive: true });
  let oversized: string | null = null;
  try {
    // Not typed by @fastify/multipart, but read by parts(): a large file ends truncated.
    const partOptions = {
      limits: {
        fileSize: options.maxFileBytes,
        files: options.fileFields.length,
        fields: MULTIPART_MAX_FIELDS,
        fieldSize: 16 * 1024,
      },
      throwFileSizeLimit: false,
    };
    const parts = request.parts(partOptions);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const field = fieldFor(part.fieldname);
      if (!field || files[field]) {
        part.file.resume();
        continue;
      }
      if (part.filename && options.refuseFileName?.test(part.filename)) {
        part.file.resume();
        throw invalid(options.refuseFileName.message, {
          [field]: options.refuseFileName.message,
        });
      }
      const target = path.join(options.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
      temporary.push(target);
      let bytes = 0;
      part.file.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      await pipeline(part.file, createWriteStream(target, { flags: 'wx' }));
      if (part.file.truncated) {
        oversized ??= field;
        await rm(target, { force: true });
        continue;
      }
      files[field] = { path: target, bytes };
    }
  } catch (error) {
    await cleanup();
    if (error instanceof Refusal) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(options.defaultFileField ?? options.fileFields[0] ?? 'file');
    }
    throw parserRefusal(error) ?? error;
  }
  if (oversized) {
    await cleanup();
    throw tooLarge(oversized);
  }
  return { fields, files, cleanup };
}
