import { createReadStream as fileStream } from 'node:fs';
import { stat as fileStat, unlink } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertValidKey,
  hashingCounter,
  sha256OfFile,
  type ListedObject,
  type MediaStorage,
  type StoredObject,
} from './storage.ts';

/** What config.ts reads from the S3_* variables. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Another service than AWS (MinIO, R2, …): its API address. */
  endpoint?: string | undefined;
  /** MinIO and most self-hosted services address buckets by path, not by host name. */
  forcePathStyle: boolean;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Every key is stored under this prefix (one bucket shared by several installations). */
  prefix: string;
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
};

function contentTypeOf(key: string) {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

function isNotFound(error: unknown) {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NotFound' || name === 'NoSuchKey' || status === 404;
}

export function s3Client(settings: S3Settings) {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: the SDK's default trailing checksums (aws-chunked
    // bodies) are not understood by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
}

/**
 * Media in an S3-compatible bucket (docs/decisions.md "Object storage"). Objects are private:
 * nothing is written with a public ACL, and the server streams every reply itself, so a
 * member-only wave is only ever reached through its access check.
 */
export function s3MediaStorage(settings: S3Settings, client = s3Client(settings)): MediaStorage {
  const { bucket } = settings;
  const prefix = settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '';
  const objectKey = (key: string) => {
    assertValidKey(key);
    return prefix + key;
  };

  async function headOf(key: string) {
    try {
      const head = await client.send(
        new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
      );
      return {
        size: Number(head.ContentLength ?? 0),
        modifiedAt: head.LastModified?.getTime() ?? 0,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function stored(key: string, sha256: string): Promise<StoredObject> {
    const head = await headOf(key);
    if (!head) throw new Error(`object ${key} vanished right after it was written`);
    return { key, sha256, ...head };
  }

  async function deleteKeys(keys: string[]) {
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000);
      await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  const storage: MediaStorage = {
    async putStream(key, source) {
      const counter = hashingCounter();
      // Multipart for large bodies; the object appears only when the upload completes.
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: objectKey(key),
          Body: source.pipe(counter.transform),
          ContentType: contentTypeOf(key),
        },
        queueSize: 2,
        partSize: 8 * 1024 * 1024,
      });
      source.on('error', (error) => counter.transform.destroy(error));
      await upload.done();
      return stored(key, counter.result().sha256);
    },

    async putFile(key, file, options = {}) {
      const [{ size }, sha256] = await Promise.all([fileStat(file), sha256OfFile(file)]);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: fileStream(file),
          ContentLength: size,
          ContentType: contentTypeOf(key),
        }),
      );
      if (options.move) await unlink(file);
      return stored(key, sha256);
    },

    stat: headOf,

    createReadStream(key, range = {}) {
      const out = new PassThrough();
      const bytes =
        range.start !== undefined || range.end !== undefined
          ? `bytes=${range.start ?? 0}-${range.end ?? ''}`
          : undefined;
      // A reader that goes away (the player seeks, a client times out) must give the bucket's
      // connection back at once, also when it leaves before the bucket answered: the client's
      // pool of connections is small, and every leaked one waits forever.
      const abort = new AbortController();
      out.on('close', () => abort.abort());
      client
        .send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            ...(bytes ? { Range: bytes } : {}),
          }),
          { abortSignal: abort.signal },
        )
        .then((reply) => {
          const body = reply.Body as Readable | undefined;
          if (!body) return out.end();
          if (out.destroyed) return body.destroy();
          body.on('error', (error) => out.destroy(error));
          out.on('close', () => body.destroy());
          body.pipe(out);
          return undefined;
        })
        .catch((error: unknown) => out.destroy(error as Error));
      return out;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async deletePrefix(folder) {
      const normalized = folder.replace(/\/+$/, '');
      assertValidKey(normalized);
      const keys: string[] = [];
      for await (const object of storage.list(`${normalized}/`)) keys.push(objectKey(object.key));
      await deleteKeys(keys);
    },

    async *list(folder) {
      assertValidKey(folder);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix + folder,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const listed: ListedObject = {
            key: object.Key.slice(prefix.length),
            size: Number(object.Size ?? 0),
            modifiedAt: object.LastModified?.getTime() ?? 0,
          };
          yield listed;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },

    localPath: () => null,
  };
  return storage;
}
