import { WAVE_LIST_DEFAULT_LIMIT } from '../../src/api/contract/constants.ts';
import type { WaveListItem, WaveThread } from '../../src/api/contract/wave.ts';
import type { ChannelsRepository } from '../db/repositories/channels-repository.ts';
import type { usersRepository } from '../db/repositories/users-repository.ts';
import type { WaveListRow, WavesRepository } from '../db/repositories/waves-repository.ts';
import { ApiError, badRequest, notFound } from '../http/envelope.ts';
import { isProductChannel, type Caller, type WaveAccess } from './wave-access.ts';
import { cursors, presentWaveListItem } from './wave-presenter.ts';

export interface PageRequest {
  after?: string | undefined;
  limit?: number | undefined;
}

const invalidCursor = () => badRequest('invalid cursor', { after: 'invalid cursor' });

function idCursor(page: PageRequest): number | null {
  if (page.after === undefined) return null;
  const id = cursors.parseId(page.after);
  if (id === null) throw invalidCursor();
  return id;
}

/**
 * The wave lists (spec content §2, §7): newest, trending, following, by user, by channel and
 * a thread. Each reads one index range in key order and asks for the caller's likes and
 * views of exactly the rows on the page.
 */
export function waveListService(deps: {
  waves: WavesRepository;
  channels: ChannelsRepository;
  users: ReturnType<typeof usersRepository>;
  access: WaveAccess;
  siteName: string;
}) {
  const { waves, channels, users, access } = deps;

  async function present(
    rows: WaveListRow[],
    caller: Caller,
    cursorOf: (row: WaveListRow) => string,
  ): Promise<WaveListItem[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [liked, viewed] = await Promise.all([
      caller.viewer.isAnonymous
        ? Promise.resolve(new Set<number>())
        : waves.likedAmong(caller.viewer.userId, ids),
      waves.viewedAmong(caller.viewerKey, ids),
    ]);
    return rows.map((row) =>
      presentWaveListItem(row, liked.has(row.id), viewed.has(row.id), cursorOf(row)),
    );
  }
  const byId = (row: WaveListRow) => cursors.ofId(row.id);
  const limitOf = (page: PageRequest) => page.limit ?? WAVE_LIST_DEFAULT_LIMIT;

  return {
    async newest(language: string, page: PageRequest, caller: Caller) {
      const rows = await waves.newest(language, idCursor(page), limitOf(page));
      return present(rows, caller, byId);
    },

    async trending(language: string, page: PageRequest, caller: Caller) {
      let before: { score: number; id: number } | null = null;
      if (page.after !== undefined) {
        before = cursors.parseTrending(page.after);
        if (!before) throw invalidCursor();
      }
      const rows = await waves.trending(language, before, limitOf(page));
      return present(rows, caller, (row) => cursors.ofTrending(row.trending_score, row.id));
    },

    /** Waves of the users whose home teams this user follows. */
    async following(userId: number, page: PageRequest, caller: Caller) {
      const user = await users.findById(userId);
      if (!user) throw notFound('user not found');
      const ids = await waves.followingIds(userId, idCursor(page), limitOf(page));
      return present(await waves.byIds(ids), caller, byId);
    },

    async byUsername(username: string, page: PageRequest, caller: Caller) {
      const user = await users.findByUsername(username);
      if (!user) throw notFound('user not found');
      const rows = await waves.byUser(user.id, idCursor(page), limitOf(page));
      return present(rows, caller, byId);
    },

    async byChannelName(channelName: string, page: PageRequest, caller: Caller) {
      const channel = await channels.findByName(channelName);
      // A chat group is not a public channel: the public list does not admit it exists.
      if (!channel || channel.is_chatgroup === 1) throw notFound('channel not found');
      const afterId = idCursor(page);
      if (isProductChannel(channel.channel_name, deps.siteName)) return [];
      const rows = await waves.byChannel(channel.id, afterId, limitOf(page));
      return present(rows, caller, byId);
    },

    /**
     * A wave with its replies, oldest first. For a reply, the thread of the wave it answers.
     * Readable wherever the wave itself is (a public channel, or a chat group one belongs to).
     */
    async thread(waveName: string, page: PageRequest, caller: Caller): Promise<WaveThread> {
      const wave = await waves.findByName(waveName);
      if (!wave || wave.status !== 'published') throw notFound('Wave not found');
      const headId = wave.in_reply_to_wave_id ?? wave.id;
      const head = headId === wave.id ? wave : await waves.findById(headId);
      if (!head || head.status !== 'published') throw notFound('Wave not found');
      const channel = await channels.findById(head.channel_id);
      if (!channel || !(await access.canRead(caller.viewer, channel))) {
        throw notFound('Wave not found');
      }
      const headRow = await waves.listRowByName(head.wave_name);
      if (!headRow) throw new ApiError(404, 'Wave not found');
      const replyRows = await waves.replies(head.id, idCursor(page), limitOf(page));
      const [first, ...replies] = await present([headRow, ...replyRows], caller, byId);
      if (!first) throw notFound('Wave not found');
      return { wave: first, replies };
    },
  };
}

export type WaveListService = ReturnType<typeof waveListService>;
