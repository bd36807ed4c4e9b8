import { WAVE_LIST_DEFAULT_LIMIT } from '../../src/api/contract/constants.ts';
import type { WaveListItem, WaveThread } from '../../src/api/contract/wave.ts';
import type { ChannelsRepository } from '../db/repositories/channels-repository.ts';
import type { usersRepository } from '../db/repositories/users-repository.ts';
import type { WaveListRow, WavesRepository } from '../db/repositories/waves-repository.ts';
import { invalid, notFound } from '../kernel/refusal.ts';
import { isProductChannel, type Caller, type WaveAccess } from './wave-access.ts';
import { cursors, presentWaveListItem } from './wave-presenter.ts';

export interface PageRequest {
  after?: string | undefined;
  limit?: number | undefined;
}

const invalidCursor = () => invalid('invalid cursor', { after: 'invalid cursor' });

function idCursor(page: PageRequest): number | null {
  if (page.after === undefined) return null;
  const id = cursors.parseId(page.after);
  if (id === null) throw invalidCursor();
  return id;
}

function trendingCursor(page: PageRequest): { score: number; id: number } | null {
  if (page.after === undefined) return null;
  const before = cursors.parseTrending(page.after);
  if (!before) throw invalidCursor();
  return before;
}

/** How long a list page's rows are reused (counts may lag this much in other processes). */
export const LIST_CACHE_MS = 1000;
const MAX_CACHED_PAGES = 2000;
/** How long "this anonymous listener has never listened to anything" is believed. */
const NO_VIEWS_CACHE_MS = 30_000;
const MAX_VIEWER_ENTRIES = 50_000;

interface CachedPage {
  /** When the page's query began: it is served until `since + cacheMs`, never later. */
  since: number;
  generation: number;
  value: Promise<unknown>;
  /** A refresh of this page is queued or running (refresh-ahead, see `cached`). */
  refreshing: boolean;
  /** The rows, once the query has answered (served at once by `cachedNow`). */
  rows?: unknown;
}

/** Keeps a page's rows on it once they arrive. */
function track(page: CachedPage) {
  page.value.then(
    (rows) => {
      page.rows = rows;
    },
    () => undefined,
  );
}

/**
 * The wave lists (docs/product/listening.md "Lists"): newest, trending, following, by user, by channel and
 * a thread. Each reads one index range in key order and asks for the caller's likes and
 * views of exactly the rows on the page.
 *
 * The rows of a page, with the user, channel or thread head they hang on, are shared by every
 * caller for a second (`LIST_CACHE_MS`), and at once forgotten when this process changes a wave
 * or a subscription (`invalidate`); concurrent requests for the same page share one query. Only
 * the caller's likes and views are read per request (and a chat group's membership for its
 * thread), and not even those for an anonymous listener known to have no views. Items without
 * likes or views are presented once per cached page, so a hot page is served without touching
 * the database. A page read in the second half of its second is read again after the reply
 * (refresh-ahead), so a page in steady demand never expires in a request's path.
 */
export function waveListService(deps: {
  waves: WavesRepository;
  channels: ChannelsRepository;
  users: ReturnType<typeof usersRepository>;
  access: WaveAccess;
  siteName: string;
  /** Told whether each page lookup found the page cached (the /metrics counter). */
  onCacheLookup?: (hit: boolean) => void;
  /** A monotonic clock in milliseconds (tests move it). */
  now?: () => number;
}) {
  const { waves, channels, users, access } = deps;
  const onCacheLookup = deps.onCacheLookup ?? (() => undefined);
  const now = deps.now ?? (() => performance.now());
  let cacheMs = LIST_CACHE_MS;
  let generation = 0;
  const pages = new Map<string, CachedPage>();
  const plainItems = new WeakMap<WaveListRow[], WaveListItem[]>();
  const viewersWithoutViews = new Map<string, number>();

  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (cacheMs <= 0) return load();
    const at = now();
    const hit = pages.get(key);
    if (hit && hit.generation === generation && at - hit.since < cacheMs) {
      onCacheLookup(true);
      if (!hit.refreshing && at - hit.since >= cacheMs / 2) refreshAhead(key, hit, load);
      return hit.value as Promise<T>;
    }
    onCacheLookup(false);
    if (pages.size >= MAX_CACHED_PAGES) pages.clear();
    const page: CachedPage = { since: at, generation, value: load(), refreshing: false };
    track(page);
    pages.set(key, page);
    page.value.catch(() => {
      if (pages.get(key) === page) pages.delete(key);
    });
    return page.value as Promise<T>;
  }

  /**
   * `cached` without a promise: the rows of a page that is cached and has arrived, else
   * undefined (and nothing counted: the caller then asks `cached`).
   */
  function cachedNow<T>(key: string, load: () => Promise<T>): T | undefined {
    if (cacheMs <= 0) return undefined;
    const at = now();
    const hit = pages.get(key);
    if (!hit || hit.rows === undefined || hit.generation !== generation) return undefined;
    if (at - hit.since >= cacheMs) return undefined;
    onCacheLookup(true);
    if (!hit.refreshing && at - hit.since >= cacheMs / 2) refreshAhead(key, hit, load);
    return hit.rows as T;
  }

  /**
   * Reads a page again once this reply has gone (setImmediate: on SQLite the query runs
   * synchronously) and serves the new rows from when they arrive. Until then the old page is
   * served, within its own second; the new one counts its second from when its query began,
   * so no page is ever older than `cacheMs` (docs/decisions.md "List page cache"). Without
   * it, the request that found a hot page expired waited for the query itself.
   */
  function refreshAhead<T>(key: string, stale: CachedPage, load: () => Promise<T>) {
    stale.refreshing = true;
    setImmediate(() => {
      if (pages.get(key) !== stale || stale.generation !== generation) return;
      const page: CachedPage = { since: now(), generation, value: load(), refreshing: false };
      track(page);
      page.value.then(
        () => {
          // Unless a change forgot the pages meanwhile (then the next request reads anew).
          if (pages.get(key) === stale && page.generation === generation) pages.set(key, page);
        },
        () => {
          if (pages.get(key) === stale) pages.delete(key);
        },
      );
    });
  }

  /** Whether an anonymous listener is known to have no views (a cached "no", for a while). */
  function knownWithoutViews(viewerKey: string): boolean {
    if (cacheMs <= 0) return false;
    const until = viewersWithoutViews.get(viewerKey);
    return until !== undefined && until > now();
  }

  /** Whether an anonymous listener may have views (cached "no" for a while). */
  async function mayHaveViews(viewerKey: string): Promise<boolean> {
    if (cacheMs <= 0) return true;
    if (knownWithoutViews(viewerKey)) return false;
    if (await waves.hasAnyViews(viewerKey)) {
      viewersWithoutViews.delete(viewerKey);
      return true;
    }
    if (viewersWithoutViews.size >= MAX_VIEWER_ENTRIES) viewersWithoutViews.clear();
    viewersWithoutViews.set(viewerKey, now() + NO_VIEWS_CACHE_MS);
    return false;
  }

  /**
   * A row's items, one per combination of the caller's like and view, each built once for as
   * long as the cached row lives: a page is presented from objects made before, and the HTTP
   * edge keeps each item's JSON with it (http/list-serializer.ts).
   */
  const itemsOfRow = new WeakMap<WaveListRow, (WaveListItem | undefined)[]>();
  function itemOf(
    row: WaveListRow,
    liked: boolean,
    viewed: boolean,
    cursorOf: (row: WaveListRow) => string,
  ) {
    let items = itemsOfRow.get(row);
    if (!items) {
      items = [];
      itemsOfRow.set(row, items);
    }
    const index = (liked ? 2 : 0) + (viewed ? 1 : 0);
    return (items[index] ??= presentWaveListItem(row, liked, viewed, cursorOf(row)));
  }

  /** The items of a page without the caller's likes and views: one array per cached page. */
  function plainPage(rows: WaveListRow[], cursorOf: (row: WaveListRow) => string) {
    let items = plainItems.get(rows);
    if (!items) {
      items = rows.map((row) => itemOf(row, false, false, cursorOf));
      plainItems.set(rows, items);
    }
    return items;
  }

  async function present(
    rows: WaveListRow[],
    caller: Caller,
    cursorOf: (row: WaveListRow) => string,
  ): Promise<WaveListItem[]> {
    if (rows.length === 0) return [];
    // The hot path (docs/budgets.md "List endpoints"): a listener known to have no views gets
    // the page's one array, with no query, no await and nothing allocated.
    if (caller.viewer.isAnonymous && knownWithoutViews(caller.viewerKey)) {
      return plainPage(rows, cursorOf);
    }
    const ids = rows.map((row) => row.id);
    const none = new Set<number>();
    let liked = none;
    let viewed = none;
    if (!caller.viewer.isAnonymous) {
      ({ liked, viewed } = await waves.flagsAmong(caller.viewer.userId, caller.viewerKey, ids));
    } else if (await mayHaveViews(caller.viewerKey)) {
      viewed = await waves.viewedAmong(caller.viewerKey, ids);
    }
    if (liked.size === 0 && viewed.size === 0) return plainPage(rows, cursorOf);
    return rows.map((row) => itemOf(row, liked.has(row.id), viewed.has(row.id), cursorOf));
  }
  /**
   * The page at once (no promise, no query) for an anonymous listener known to have no views
   * whose page is cached: the hot path of docs/budgets.md "List endpoints". Undefined otherwise;
   * the list's own method then answers.
   */
  function plainPageNow(
    caller: Caller,
    key: string,
    load: () => Promise<WaveListRow[]>,
    cursorOf: (row: WaveListRow) => string,
  ): WaveListItem[] | undefined {
    if (!caller.viewer.isAnonymous || !knownWithoutViews(caller.viewerKey)) return undefined;
    const rows = cachedNow(key, load);
    if (rows === undefined) return undefined;
    return rows.length === 0 ? [] : plainPage(rows, cursorOf);
  }
  const byId = (row: WaveListRow) => cursors.ofId(row.id);
  const byTrending = (row: WaveListRow) => cursors.ofTrending(row.trending_score, row.id);
  const limitOf = (page: PageRequest) => page.limit ?? WAVE_LIST_DEFAULT_LIMIT;
  const pageKey = (list: string, subject: string | number, page: PageRequest) =>
    `${list}\n${subject}\n${page.after ?? ''}\n${limitOf(page)}`;

  return {
    /**
     * Forgets cached pages: this process changed a wave (published, counted, edited, deleted)
     * or who follows whom.
     */
    invalidate() {
      generation += 1;
    },

    /** A viewer's first counted view: their list flags must be read from now on. */
    noteViewer(viewerKey: string) {
      viewersWithoutViews.delete(viewerKey);
    },

    /** 0 turns caching off (benchmarks of the uncached path). */
    setCacheMs(ms: number) {
      cacheMs = ms;
      pages.clear();
      viewersWithoutViews.clear();
    },

    async newest(language: string, page: PageRequest, caller: Caller) {
      const afterId = idCursor(page);
      const rows = await cached(pageKey('newest', language, page), () =>
        waves.newest(language, afterId, limitOf(page)),
      );
      return present(rows, caller, byId);
    },

    async trending(language: string, page: PageRequest, caller: Caller) {
      const before = trendingCursor(page);
      const rows = await cached(pageKey('trending', language, page), () =>
        waves.trending(language, before, limitOf(page)),
      );
      return present(rows, caller, byTrending);
    },

    /** `newest` at once when it can be (`plainPageNow`), else undefined. */
    newestNow(language: string, page: PageRequest, caller: Caller) {
      return plainPageNow(
        caller,
        pageKey('newest', language, page),
        () => waves.newest(language, idCursor(page), limitOf(page)),
        byId,
      );
    },

    /** `trending` at once when it can be (`plainPageNow`), else undefined. */
    trendingNow(language: string, page: PageRequest, caller: Caller) {
      return plainPageNow(
        caller,
        pageKey('trending', language, page),
        () => waves.trending(language, trendingCursor(page), limitOf(page)),
        byTrending,
      );
    },

    /** Waves of the users whose home teams this user follows. */
    async following(userId: number, page: PageRequest, caller: Caller) {
      const afterId = idCursor(page);
      const rows = await cached(pageKey('following', userId, page), async () => {
        const [user, found] = await Promise.all([
          users.findById(userId),
          waves.following(userId, afterId, limitOf(page)),
        ]);
        if (!user) throw notFound('user not found');
        return found;
      });
      return present(rows, caller, byId);
    },

    async byUsername(username: string, page: PageRequest, caller: Caller) {
      const afterId = idCursor(page);
      const rows = await cached(pageKey('user', username.toLowerCase(), page), async () => {
        const user = await users.findByUsername(username);
        if (!user) throw notFound('user not found');
        return waves.byUser(user.id, afterId, limitOf(page));
      });
      return present(rows, caller, byId);
    },

    async byChannelName(channelName: string, page: PageRequest, caller: Caller) {
      const afterId = idCursor(page);
      const rows = await cached(pageKey('channel', channelName.toLowerCase(), page), async () => {
        const channel = await channels.findByName(channelName);
        // A chat group is not a public channel: the public list does not admit it exists.
        if (!channel || channel.is_chatgroup === 1) throw notFound('channel not found');
        if (isProductChannel(channel.channel_name, deps.siteName)) return [];
        return waves.byChannel(channel.id, afterId, limitOf(page));
      });
      return present(rows, caller, byId);
    },

    /**
     * A chat group's waves, newest first. Only after the group service found the caller may
     * read the group (members and site admins); these rows are never in a public list.
     */
    async byGroup(channelId: number, page: PageRequest, caller: Caller) {
      const afterId = idCursor(page);
      const rows = await waves.byGroup(channelId, afterId, limitOf(page));
      return present(rows, caller, byId);
    },

    /**
     * A wave with its replies, oldest first. For a reply, the thread of the wave it answers.
     * Readable wherever the wave itself is (a public channel, or a chat group one belongs to).
     */
    async thread(waveName: string, page: PageRequest, caller: Caller): Promise<WaveThread> {
      const afterId = idCursor(page);
      const found = await cached(pageKey('thread', waveName, page), async () => {
        const head = await waves.threadHeadRow(waveName);
        if (!head) throw notFound('Wave not found');
        const [channel, replies] = await Promise.all([
          channels.findById(head.channel_id),
          waves.replies(head.id, afterId, limitOf(page)),
        ]);
        if (!channel) throw notFound('Wave not found');
        return { channel, rows: [head, ...replies] };
      });
      // The replies are only returned when the caller may read the channel.
      if (!(await access.canRead(caller.viewer, found.channel))) throw notFound('Wave not found');
      const [first, ...replies] = await present(found.rows, caller, byId);
      if (!first) throw notFound('Wave not found');
      return { wave: first, replies };
    },
  };
}
