import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelsRepository } from '../../server/db/repositories/channels-repository.ts';
import type { usersRepository } from '../../server/db/repositories/users-repository.ts';
import type {
  WaveListRow,
  WavesRepository,
} from '../../server/db/repositories/waves-repository.ts';
import { anonymousViewer } from '../../server/services/session-service.ts';
import type { WaveAccess } from '../../server/services/wave-access.ts';
import { LIST_CACHE_MS, waveListService } from '../../server/services/wave-list-service.ts';

/** One row of a list; its title tells which read of the database it came from. */
function row(id: number, title: string): WaveListRow {
  return {
    id,
    wave_name: `w${id}`,
    user_id: 1,
    username: 'author',
    displayname: 'Author',
    avatar_version: null,
    channel_id: 1,
    channel_name: 'general',
    team_id: null,
    title,
    duration: 5,
    created_at: 0,
    created_epoch_day: 0,
    views_count: 0,
    likes_count: 0,
    reply_count: 0,
    trending_score: 0,
    is_sponsored: 0,
    sponsor_name: null,
    sponsor_logo: null,
    parent_wave_name: null,
    video_version: null,
  };
}

/** A turn of the event loop: what runs after a reply (setImmediate) has run. */
const afterReply = () => new Promise((resolve) => setImmediate(resolve));

describe('the list page cache', () => {
  let clock = 0;
  let reads = 0;
  const caller = { viewer: anonymousViewer(1), viewerKey: 'a:test' };
  let lists: ReturnType<typeof waveListService>;
  const newestTitle = async () => (await lists.newest('en', {}, caller))[0]?.title;

  beforeEach(() => {
    clock = 0;
    reads = 0;
    const waves = {
      newest: async () => {
        reads += 1;
        return [row(1, `read ${reads}`)];
      },
      hasAnyViews: async () => false,
    } as unknown as WavesRepository;
    lists = waveListService({
      waves,
      channels: {} as ChannelsRepository,
      users: {} as ReturnType<typeof usersRepository>,
      access: {} as WaveAccess,
      siteName: 'Waves',
      now: () => clock,
    });
  });

  it('serves a page from one read for its first half second, and reads it again after the reply in its second half', async () => {
    expect(await newestTitle()).toBe('read 1');
    clock = LIST_CACHE_MS / 2 - 1;
    expect(await newestTitle()).toBe('read 1');
    await afterReply();
    expect(reads).toBe(1);
    clock = LIST_CACHE_MS / 2;
    // Still the old rows for this request: the new read runs once the reply has gone.
    expect(await newestTitle()).toBe('read 1');
    expect(reads).toBe(1);
    await afterReply();
    expect(reads).toBe(2);
    expect(await newestTitle()).toBe('read 2');
    // One refresh at a time, and the new page lives a second from its own read.
    clock = LIST_CACHE_MS - 1;
    expect(await newestTitle()).toBe('read 2');
    await afterReply();
    expect(reads).toBe(2);
  });

  it('never serves a page longer than the cache lasts from its read', async () => {
    expect(await newestTitle()).toBe('read 1');
    // Nobody asked in the second half: the next request reads the database itself.
    clock = LIST_CACHE_MS;
    expect(await newestTitle()).toBe('read 2');
    // The page read at 1 s is read again at 1.6 s, and that one is served until 2.6 s.
    clock = LIST_CACHE_MS * 1.6;
    expect(await newestTitle()).toBe('read 2');
    await afterReply();
    expect(reads).toBe(3);
    clock = LIST_CACHE_MS * 2.6;
    expect(await newestTitle()).toBe('read 4');
  });

  it('drops a refresh that a change made out of date while it ran', async () => {
    expect(await newestTitle()).toBe('read 1');
    clock = LIST_CACHE_MS * 0.75;
    expect(await newestTitle()).toBe('read 1');
    // A wave was deleted before the refresh ran: the next request reads anew.
    lists.invalidate();
    await afterReply();
    expect(reads).toBe(1);
    expect(await newestTitle()).toBe('read 2');
  });
});
