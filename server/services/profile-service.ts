import { profileMessages } from '../../src/api/contract/constants.ts';
import {
  profileUpdateSchema,
  type CurrentUser,
  type Person,
  type ProfileImages,
  type UserInfo,
} from '../../src/api/contract/user.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { teamSubscriptionsRepository } from '../db/repositories/team-subscriptions-repository.ts';
import { usersRepository } from '../db/repositories/users-repository.ts';
import { invalid, notFound } from '../kernel/refusal.ts';
import { ImageRejected } from '../media/profile-images.ts';
import type { Clock } from '../kernel/clock.ts';
import type { ProfileImageService } from './profile-image-service.ts';
import { presentCurrentUser, presentUserInfo } from './user-presenter.ts';

/** Temporary files of an upload, by form field. */
export interface ProfileImageFiles {
  avatar?: string;
  cover?: string;
}

/**
 * Profiles (docs/product/accounts.md "Profile settings", docs/product/listening.md "User page",
 * docs/product/listening.md "People"): user info by id and by username, the people list, and the
 * owner's edits of their own profile and images.
 */
export function profileService(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  images: ProfileImageService;
  anonymousUserId: number;
}) {
  const users = usersRepository(deps.db.kysely);
  const subscriptions = teamSubscriptionsRepository(deps.db.kysely);
  const { images } = deps;

  async function info(user: Awaited<ReturnType<typeof users.findById>>): Promise<UserInfo> {
    if (!user) throw notFound(profileMessages.userNotFound);
    return presentUserInfo(user, await users.teamsOf(user.id));
  }

  async function current(userId: number): Promise<CurrentUser> {
    const user = await users.findById(userId);
    if (!user) throw notFound(profileMessages.userNotFound);
    return presentCurrentUser(user, await users.teamsOf(userId), deps.config.adminUsernames);
  }

  /** Renders the uploads; a refused image becomes a field error on its own field. */
  async function render(files: ProfileImageFiles) {
    const fieldErrors: Record<string, string> = {};
    const rendered: Awaited<ReturnType<typeof images.prepare>> = {};
    for (const field of ['avatar', 'cover'] as const) {
      const file = files[field];
      if (!file) continue;
      try {
        Object.assign(rendered, await images.prepare({ [field]: file }));
      } catch (error) {
        if (!(error instanceof ImageRejected)) throw error;
        fieldErrors[field] = error.message;
      }
    }
    return { rendered, fieldErrors };
  }

  function refuse(fieldErrors: Record<string, string>): never {
    const first = Object.values(fieldErrors)[0] ?? profileMessages.imageType;
    throw invalid(first, fieldErrors);
  }

  async function store(userId: number, rendered: Awaited<ReturnType<typeof images.prepare>>) {
    if (rendered.avatar) await images.storeAvatar(userId, rendered.avatar);
    if (rendered.cover) await images.storeCover(userId, rendered.cover);
  }

  return {
    byId: async (id: number) => info(await users.findById(id)),
    byUsername: async (username: string) => info(await users.findByUsername(username)),
    current,

    /**
     * A page of people with whether the caller follows each (docs/product/listening.md "People").
     */
    async people(
      viewer: { userId: number; isAnonymous: boolean },
      page: {
        after?: string | undefined;
        limit: number;
      },
    ): Promise<Person[]> {
      const rows = await users.listPeople({
        ...(page.after !== undefined ? { beforeId: Number(page.after) } : {}),
        limit: page.limit,
        excludeId: deps.anonymousUserId,
      });
      const ids = rows.map((row) => row.id);
      const teams = await users.teamsOfMany(ids);
      const homeTeams = rows.flatMap((row) =>
        row.home_team_id === null ? [] : [row.home_team_id],
      );
      const followed = viewer.isAnonymous
        ? new Set<number>()
        : await subscriptions.subscribedAmong(viewer.userId, homeTeams);
      return rows.map((row) => ({
        ...presentUserInfo(row, teams.get(row.id) ?? []),
        is_subscribed: row.home_team_id !== null && followed.has(row.home_team_id),
        cursor: String(row.id),
      }));
    },

    /**
     * POST /user/me: the owner's own fields and optional images. Everything is checked before
     * anything is stored: a refused field or image changes nothing.
     */
    async update(
      userId: number,
      fields: Record<string, unknown>,
      files: ProfileImageFiles,
    ): Promise<CurrentUser> {
      const parsed = profileUpdateSchema.safeParse(fields);
      const fieldErrors: Record<string, string> = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'form');
          fieldErrors[key] ??= issue.message;
        }
      }
      const { rendered, fieldErrors: imageErrors } = await render(files);
      Object.assign(fieldErrors, imageErrors);
      if (!parsed.success || Object.keys(fieldErrors).length > 0) refuse(fieldErrors);

      await store(userId, rendered);
      const profile = parsed.data;
      await users.update(userId, {
        displayname: profile.displayname,
        about: profile.about,
        private_by_default: profile.private_by_default ? 1 : 0,
        play_beep: profile.play_beep ? 1 : 0,
        usercountrycode: profile.usercountrycode.toUpperCase(),
        userregionname: profile.userregionname,
        updated_at: deps.clock.now(),
      });
      return current(userId);
    },

    /** POST /user/avatarimage and /user/coverimage. */
    async replaceImage(
      userId: number,
      field: 'avatar' | 'cover',
      file: string | undefined,
    ): Promise<ProfileImages> {
      if (!file) refuse({ [field]: profileMessages.imageMissing });
      const { rendered, fieldErrors } = await render({ [field]: file });
      if (Object.keys(fieldErrors).length > 0) refuse(fieldErrors);
      await store(userId, rendered);
      const user = await users.findById(userId);
      return {
        avatar_version: user?.avatar_version ?? null,
        cover_version: user?.cover_version ?? null,
      };
    },
  };
}
