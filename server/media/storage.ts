import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where media files live, addressed by keys such as
 * `audio/{channel_id}/{created_epoch_day}/{wave_name}/{channel_id}_{wave_name}.mp3`.
 * Keys use `/` on every platform. The disk implementation below is the embedded default; an
 * S3-compatible store implements the same interface.
 */
export interface MediaStorage {
  /** Writes a whole object from a stream; readers never see a partial file. */
  putStream(key: string, source: Readable): Promise<StoredObject>;
  /** Stores an existing local file (moved when `move` is set, else copied); atomic as above. */
  putFile(key: string, file: string, options?: { move?: boolean }): Promise<StoredObject>;
  /** Size and version of an object, or null when it does not exist. */
  stat(key: string): Promise<StoredStat | null>;
  /** The bytes `start..end` (inclusive; both optional) of an object. */
  createReadStream(key: string, range?: { start?: number; end?: number }): Readable;
  /** Removes one object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object under a folder-like prefix (`audio/1/20000/abc/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every object under a folder-like prefix (`incoming/`), in no particular order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Throws when the storage cannot be reached (GET /readyz). */
  check(): Promise<void>;
  /** The object as a local file, where the storage is a local disk (null elsewhere). */
  localPath(key: string): string | null;
}

export interface ListedObject extends StoredStat {
  key: string;
}

export interface StoredStat {
  size: number;
  /** Epoch milliseconds of the last write. */
  modifiedAt: number;
}

export interface StoredObject extends StoredStat {
  key: string;
  /** Hex SHA-256 of the content. */
  sha256: string;
}

/** A key is relative, `/`-separated, without empty, `.` or `..` segments. */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  const bad =
    key.length === 0 ||
    key.length > 1024 ||
    key.includes('\\') ||
    key.includes('\0') ||
    segments.some((segment, index) =>
      segment === '' ? index !== segments.length - 1 : segment === '.' || segment === '..',
    );
  if (bad) throw new Error(`invalid media key: ${JSON.stringify(key)}`);
}

/** Counts and hashes the bytes flowing through it. */
export function hashingCounter() {
  const hash = createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { transform, result: () => ({ size, sha256: hash.digest('hex') }) };
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Media files under `root` (DATA_DIR/media), written through a temp folder on the same disk. */
export function diskMediaStorage(root: string): MediaStorage {
  const tmpDir = path.join(root, '.tmp');
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/').filter(Boolean));
  };
  const tempFile = async () => {
    await mkdir(tmpDir, { recursive: true });
    return path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  };
  const commit = async (temp: string, key: string, sha256: string): Promise<StoredObject> => {
    const target = fileOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
    const info = await stat(target);
    return { key, size: info.size, modifiedAt: Math.floor(info.mtimeMs), sha256 };
  };

  const storage: MediaStorage = {
    async putStream(key, source) {
      fileOf(key);
      const temp = await tempFile();
      const counter = hashingCounter();
      try {
        await pipeline(source, counter.transform, createWriteStream(temp, { flags: 'wx' }));
        return await commit(temp, key, counter.result().sha256);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async putFile(key, file, options = {}) {
      fileOf(key);
      const temp = await tempFile();
      try {
        if (options.move) {
          try {
            await rename(file, temp);
          } catch (error) {
            // Another file system: copy, then drop the original once the copy is complete.
            if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
            await copyFile(file, temp);
            await unlink(file);
          }
        } else {
          await copyFile(file, temp);
        }
        return await commit(temp, key, await sha256OfFile(temp));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async stat(key) {
      try {
        const info = await stat(fileOf(key));
        if (!info.isFile()) return null;
        return { size: info.size, modifiedAt: Math.floor(info.mtimeMs) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    createReadStream(key, range = {}) {
      return createReadStream(fileOf(key), {
        ...(range.start !== undefined ? { start: range.start } : {}),
        ...(range.end !== undefined ? { end: range.end } : {}),
      });
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      const normalized = prefix.replace(/\/+$/, '');
      assertValidKey(normalized);
      await rm(fileOf(normalized), { recursive: true, force: true });
    },

    async *list(prefix) {
      const normalized = prefix.replace(/\/+$/, '');
      assertValidKey(normalized);
      let entries;
      try {
        entries = await readdir(fileOf(normalized), { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => null);
        if (!info) continue;
        const key = path.relative(root, file).split(path.sep).join('/');
        yield { key, size: info.size, modifiedAt: Math.floor(info.mtimeMs) };
      }
    },

    async check() {
      await mkdir(root, { recursive: true });
      await stat(root);
    },

    localPath: fileOf,
  };
  return storage;
}
