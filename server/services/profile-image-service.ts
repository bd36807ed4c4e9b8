import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PRESET_COVER_COUNT } from '../../src/api/contract/constants.ts';
import type { Db } from '../db/database.ts';
import { usersRepository, type UserRow } from '../db/repositories/users-repository.ts';
import {
  AVATAR_SIZES,
  renderAvatar,
  renderCover,
  type AvatarSizePx,
} from '../media/profile-images.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { Clock } from '../kernel/clock.ts';

/** The stock images of scripts/make-preset-images.mjs, committed beside the server. */
export const PRESETS_DIR = path.join(import.meta.dirname, '..', 'media', 'presets');

export const avatarKey = (userId: number, version: string, size: AvatarSizePx) =>
  `avatars/${userId}/${version}-${size}.webp`;
export const coverKey = (userId: number, version: string) => `covers/${userId}/${version}.webp`;

/** Versions are ours (12 hex digits); anything else in a URL never reaches the storage. */
const VERSION = /^[a-f0-9]{12}$/;
const newVersion = () => randomBytes(6).toString('hex');

/** What the image routes send: a stored object or a preset file, and how to cache it. */
export type ImageSource =
  | { kind: 'stored'; key: string; etag: string; immutable: boolean }
  | { kind: 'preset'; file: string; etag: string };

/**
 * The preset banner a user without a cover chose (1–22), or null: then the default teal banner
 * serves, as for the guest (docs/product/accounts.md "Profile images").
 */
export function presetCoverOf(user: Pick<UserRow, 'cover_preset'>): number | null {
  return user.cover_preset >= 1 && user.cover_preset <= PRESET_COVER_COUNT
    ? user.cover_preset
    : null;
}

export function profileImageService(deps: {
  db: Db;
  clock: Clock;
  storage: MediaStorage;
  anonymousUserId: number;
}) {
  const users = usersRepository(deps.db.kysely);
  const { storage } = deps;

  /**
   * Points the user at a new version once its files are complete, then deletes the files of
   * the version it replaced. Compare-and-swap: concurrent uploads each delete only the version
   * they themselves superseded, never the one now current.
   */
  async function switchVersion(
    userId: number,
    column: 'avatar_version' | 'cover_version',
    version: string,
    keysOf: (version: string) => string[],
  ) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const user = await users.findById(userId);
      if (!user) break;
      const previous = user[column];
      if (await users.swapImageVersion(userId, column, previous, version, deps.clock.now())) {
        if (previous && VERSION.test(previous)) {
          await Promise.all(keysOf(previous).map((key) => storage.delete(key)));
        }
        return;
      }
    }
    // The user is gone or kept changing: the new files are not referenced, drop them.
    await Promise.all(keysOf(version).map((key) => storage.delete(key)));
    throw new Error('could not switch the image version');
  }

  const avatarKeys = (userId: number) => (version: string) =>
    AVATAR_SIZES.map((size) => avatarKey(userId, version, size));

  return {
    /** Renders both images first (either may be refused), then stores them. */
    async prepare(files: { avatar?: string; cover?: string }) {
      const rendered: {
        avatar?: Record<AvatarSizePx, Buffer>;
        cover?: Buffer;
      } = {};
      if (files.avatar) rendered.avatar = await renderAvatar(files.avatar);
      if (files.cover) rendered.cover = await renderCover(files.cover);
      return rendered;
    },

    async storeAvatar(userId: number, images: Record<AvatarSizePx, Buffer>): Promise<string> {
      const version = newVersion();
      for (const size of AVATAR_SIZES) {
        await storage.putStream(avatarKey(userId, version, size), Readable.from(images[size]));
      }
      await switchVersion(userId, 'avatar_version', version, avatarKeys(userId));
      return version;
    },

    async storeCover(userId: number, image: Buffer): Promise<string> {
      const version = newVersion();
      await storage.putStream(coverKey(userId, version), Readable.from(image));
      await switchVersion(userId, 'cover_version', version, (v) => [coverKey(userId, v)]);
      return version;
    },

    /** The avatar at a size: the user's, else the fallback avatar. Null for an unknown user. */
    async avatar(
      userId: number,
      size: AvatarSizePx,
      requested: string | undefined,
    ): Promise<ImageSource | null> {
      // A versioned URL names immutable content: answer it without asking the database.
      if (requested && VERSION.test(requested)) {
        const key = avatarKey(userId, requested, size);
        if (await storage.stat(key)) {
          return { kind: 'stored', key, etag: `"a${requested}-${size}"`, immutable: true };
        }
      }
      const user = await users.findById(userId);
      if (!user) return null;
      const version = user.avatar_version;
      if (userId !== deps.anonymousUserId && version && VERSION.test(version)) {
        const key = avatarKey(userId, version, size);
        if (await storage.stat(key)) {
          return { kind: 'stored', key, etag: `"a${version}-${size}"`, immutable: false };
        }
      }
      return {
        kind: 'preset',
        file: path.join(PRESETS_DIR, `avatar-${size}.webp`),
        etag: `"avatar-fallback-${size}"`,
      };
    },

    /** The cover: the user's, else the preset banner they chose, else the default teal banner. */
    async cover(userId: number, requested: string | undefined): Promise<ImageSource | null> {
      if (requested && VERSION.test(requested)) {
        const key = coverKey(userId, requested);
        if (await storage.stat(key)) {
          return { kind: 'stored', key, etag: `"c${requested}"`, immutable: true };
        }
      }
      const user = await users.findById(userId);
      if (!user) return null;
      const teal: ImageSource = {
        kind: 'preset',
        file: path.join(PRESETS_DIR, 'cover-default.webp'),
        etag: '"cover-default"',
      };
      if (userId === deps.anonymousUserId) return teal;
      const version = user.cover_version;
      if (version && VERSION.test(version)) {
        const key = coverKey(userId, version);
        if (await storage.stat(key)) {
          return { kind: 'stored', key, etag: `"c${version}"`, immutable: false };
        }
      }
      const chosen = presetCoverOf(user);
      if (chosen === null) return teal;
      const preset = String(chosen).padStart(2, '0');
      return {
        kind: 'preset',
        file: path.join(PRESETS_DIR, `cover-${preset}.webp`),
        etag: `"cover-${preset}"`,
      };
    },
  };
}

export type ProfileImageService = ReturnType<typeof profileImageService>;
