import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { waveMessages } from '../../src/api/contract/constants.ts';
import { waveSponsorFieldsSchema, type WaveMetadata } from '../../src/api/contract/wave.ts';
import type { Db } from '../db/database.ts';
import { channelsRepository } from '../db/repositories/channels-repository.ts';
import {
  waveCountersRepository,
  wavesRepository,
  type WaveRow,
} from '../db/repositories/waves-repository.ts';
import { forbidden, invalid, mustBeSignedIn, notFound } from '../kernel/refusal.ts';
import { renderSponsorLogo } from '../media/listing-images.ts';
import { ImageRejected } from '../media/profile-images.ts';
import { audioKey, videoKey, waveFolderKey, type AudioLocation } from '../media/media-keys.ts';
import type { MediaStorage } from '../media/storage.ts';
import { epochDay, type Clock } from '../kernel/clock.ts';
import type { Log } from '../kernel/log.ts';
import { HOUR, type RateLimiter } from './rate-limiter.ts';
import type { Viewer } from './session-service.ts';
import { trendingScore } from './trending.ts';
import { isProductChannel, type Caller, type WaveAccess } from './wave-access.ts';
import { presentWaveMetadata, sponsorLogoKey } from './wave-presenter.ts';

const waveNotFound = () => notFound('Wave not found');

const DAY = 24 * HOUR;

/** Limits on counting views (docs/product/listening.md "Views"). */
export const VIEW_LIMITS = {
  /** View requests one address may send (over it: 429). */
  requestsPerAddress: { limit: 300, windowMs: HOUR },
  /** Guest viewers one address can add to one wave a day (devices of one household). */
  guestViewsPerWaveAndAddress: 3,
} as const;

/**
 * What listeners and authors do to one wave: count a view, like it, read and edit its
 * metadata, delete it (docs/product/recording.md "Editing a wave", "Deleting a wave").
 */
export function waveService(deps: {
  db: Db;
  storage: MediaStorage;
  access: WaveAccess;
  clock: Clock;
  /** Limits on counting views (VIEW_LIMITS). */
  rateLimiter: RateLimiter;
  siteName: string;
  /** The app's logger; a caller's own `log` goes before it. */
  log?: Log | null;
  /** Called after any change that lists show (the list cache forgets its pages). */
  onListsChanged?: () => void;
  /** Called when a viewer's view was counted (their list flags need reading from now on). */
  onViewCounted?: (viewerKey: string) => void;
  /** Called after an edit changed what the wave's card shows (its video is made again). */
  onCardChanged?: (wave: { id: number; status: string }, log?: Log) => void;
}) {
  const { db, access, clock, rateLimiter } = deps;
  const changed = () => deps.onListsChanged?.();
  const waves = wavesRepository(db.kysely, db.dialect);
  const channels = channelsRepository(db.kysely);
  /** Whether a channel is a chat group never changes once it exists: remembered per id. */
  const chatgroupFlags = new Map<number, number>();

  /** A published wave the caller may see, or not found (also for a chat group one is not in). */
  async function readableWave(waveName: string, caller: Caller): Promise<WaveRow> {
    const wave = await waves.findByName(waveName);
    if (!wave || wave.status !== 'published') throw waveNotFound();
    const channel = await channels.findById(wave.channel_id);
    if (!channel || !(await access.canRead(caller.viewer, channel))) throw waveNotFound();
    return wave;
  }

  /** A wave the caller may change: refused for anonymous, unknown, not owner nor admin. */
  async function editableWave(waveName: string, caller: Caller): Promise<WaveRow> {
    if (caller.viewer.isAnonymous) throw mustBeSignedIn();
    const wave = await waves.findByName(waveName);
    if (!wave) throw waveNotFound();
    // A chat group's wave answers an outsider like a wave that does not exist
    // (docs/product/channels-and-groups.md "Privacy").
    const channel = await channels.findById(wave.channel_id);
    if (!channel || !(await access.canRead(caller.viewer, channel))) throw waveNotFound();
    if (!access.canEdit(caller.viewer, wave)) throw forbidden();
    return wave;
  }

  /**
   * A wave's metadata (published ones for whoever may read them, drafts for their editors), and
   * whether it is private to its readers (a chat group's wave, or a draft its editor sees), so
   * what is made of it is never kept in shared caches.
   */
  async function readableMetadata(
    waveName: string,
    caller: Caller,
  ): Promise<{ metadata: WaveMetadata; isPrivate: boolean }> {
    const row = await waves.metadataByName(waveName);
    if (!row) throw waveNotFound();
    const canEdit = access.canEdit(caller.viewer, row);
    if (row.status !== 'published' && !canEdit) throw waveNotFound();
    const channel = {
      id: row.channel_id,
      channel_name: row.channel_name,
      is_chatgroup: row.is_chatgroup,
    };
    if (!(await access.canRead(caller.viewer, channel))) throw waveNotFound();
    return {
      metadata: presentWaveMetadata(row, canEdit),
      isPrivate: row.is_chatgroup === 1 || row.status !== 'published',
    };
  }

  return {
    /**
     * Counts a listen once per viewer per day; a repeat changes nothing (docs/product/listening.md
     * "Views"). `from` is the request's address for callers over HTTP: it is limited, and its
     * guest viewers add at most VIEW_LIMITS.guestViewsPerWaveAndAddress views to one wave a day,
     * however many devices it claims. `alsoKnownAs` is the device id issued with this reply: the
     * view counts for it too, so the browser's next request does not count again.
     */
    async logView(
      waveName: string,
      caller: Caller,
      from?: { address: string; alsoKnownAs?: string | undefined },
    ) {
      if (from) {
        const { limit, windowMs } = VIEW_LIMITS.requestsPerAddress;
        await rateLimiter.hit(`logview:ip:${from.address}`, limit, windowMs);
      }
      const wave = await readableWave(waveName, caller);
      const day = epochDay(clock.now());
      const capBucket =
        from && caller.viewer.isAnonymous ? `view-cap:${wave.id}:${from.address}` : null;
      const capped =
        capBucket !== null &&
        (await rateLimiter.count(capBucket, DAY)) >= VIEW_LIMITS.guestViewsPerWaveAndAddress;
      const result = await db.kysely.transaction().execute(async (trx) => {
        const counters = waveCountersRepository(trx);
        const unseen = await counters.insertView(wave.id, caller.viewerKey, day);
        if (from?.alsoKnownAs) await counters.insertView(wave.id, from.alsoKnownAs, day);
        if (!unseen || capped) {
          const current = await wavesRepository(trx, db.dialect).findById(wave.id);
          return { counted: false, views_count: current?.views_count ?? wave.views_count };
        }
        const after = await counters.bump(wave.id, { views: 1 });
        await counters.setTrendingScore(
          wave.id,
          trendingScore({
            likes: after.likes_count,
            views: after.views_count,
            createdAt: after.created_at,
          }),
        );
        return { counted: true, views_count: after.views_count };
      });
      if (result.counted) {
        if (capBucket) await rateLimiter.record(capBucket, DAY);
        deps.onViewCounted?.(caller.viewerKey);
        changed();
      }
      return result;
    },

    /** Likes once per signed-in user; adds to the author's karma (total_likes_count). */
    async like(waveName: string, caller: Caller) {
      if (caller.viewer.isAnonymous) throw mustBeSignedIn();
      const wave = await readableWave(waveName, caller);
      // Karma is public: likes inside a chat group never show outside it
      // (docs/product/channels-and-groups.md "Privacy"). Read before the transaction: SQLite
      // has one connection, which the transaction holds.
      const inGroup = (await channels.findById(wave.channel_id))?.is_chatgroup === 1;
      const result = await db.kysely.transaction().execute(async (trx) => {
        const counters = waveCountersRepository(trx);
        const added = await counters.insertLike(wave.id, caller.viewer.userId, clock.now());
        if (!added) {
          const current = await wavesRepository(trx, db.dialect).findById(wave.id);
          return { likes_count: current?.likes_count ?? wave.likes_count, user_has_liked: true };
        }
        const after = await counters.bump(wave.id, { likes: 1 });
        await counters.setTrendingScore(
          wave.id,
          trendingScore({
            likes: after.likes_count,
            views: after.views_count,
            createdAt: after.created_at,
          }),
        );
        if (!inGroup) await counters.addUserLikes(wave.user_id, 1);
        return { likes_count: after.likes_count, user_has_liked: true };
      });
      changed();
      return result;
    },

    /** Metadata of a wave: published ones for whoever may read them, drafts for their editors. */
    async metadata(waveName: string, caller: Caller): Promise<WaveMetadata> {
      return (await readableMetadata(waveName, caller)).metadata;
    },

    readableMetadata,

    async updateTitle(waveName: string, title: string, caller: Caller): Promise<WaveMetadata> {
      const wave = await editableWave(waveName, caller);
      await waves.update(wave.id, { title });
      changed();
      if (title !== wave.title) deps.onCardChanged?.(wave, caller.log);
      const row = await waves.metadataByName(waveName);
      if (!row) throw waveNotFound();
      return presentWaveMetadata(row, true);
    },

    /**
     * Marks a wave sponsored or not (site admins; docs/product/listening.md "Sponsored waves").
     * The fields and the logo are checked before anything changes; a new logo replaces the old
     * one, and unsponsoring removes both name and logo.
     */
    async sponsor(
      waveName: string,
      fields: Record<string, unknown>,
      logoFile: string | undefined,
      caller: Caller,
    ): Promise<WaveMetadata> {
      if (caller.viewer.isAnonymous) throw mustBeSignedIn();
      if (!access.isAdmin(caller.viewer)) throw forbidden(waveMessages.sponsorAdminOnly);
      const wave = await waves.findByName(waveName);
      if (!wave) throw waveNotFound();
      const parsed = waveSponsorFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? 'is_sponsored');
        const message = parsed.error.issues[0]?.message ?? waveMessages.sponsorNameRequired;
        throw invalid(message, { [field]: message });
      }
      let logo: Buffer | null = null;
      if (logoFile && parsed.data.is_sponsored) {
        try {
          logo = await renderSponsorLogo(logoFile);
        } catch (error) {
          if (!(error instanceof ImageRejected)) throw error;
          throw invalid(error.message, { logo: error.message });
        }
      }
      const newKey = logo ? randomBytes(8).toString('hex') : null;
      if (logo && newKey) await deps.storage.putStream(sponsorLogoKey(newKey), Readable.from(logo));
      const keptKey = parsed.data.is_sponsored ? (newKey ?? wave.sponsor_logo) : null;
      await waves.update(wave.id, {
        is_sponsored: parsed.data.is_sponsored ? 1 : 0,
        sponsor_name: parsed.data.is_sponsored ? parsed.data.sponsor_name : null,
        sponsor_logo: keptKey,
      });
      if (wave.sponsor_logo && wave.sponsor_logo !== keptKey) {
        await deps.storage.delete(sponsorLogoKey(wave.sponsor_logo));
      }
      changed();
      const row = await waves.metadataByName(waveName);
      if (!row) throw waveNotFound();
      return presentWaveMetadata(row, true);
    },

    /**
     * Deletes a wave with its replies, likes and views, corrects the channel's count and
     * latest time, the parent's reply count and the authors' karma, then removes the media.
     */
    async delete(waveName: string, caller: Caller) {
      const wave = await editableWave(waveName, caller);
      // A chat group's likes never counted towards karma (see `like`); read before the
      // transaction, which holds SQLite's one connection.
      const inGroup = (await channels.findById(wave.channel_id))?.is_chatgroup === 1;
      const removed = await db.kysely.transaction().execute(async (trx) => {
        const trxWaves = wavesRepository(trx, db.dialect);
        const rows = await trxWaves.waveAndReplies(wave.id);
        const ids = rows.map((row) => row.id);
        await trxWaves.deleteWithReplies(wave.id);

        const counters = waveCountersRepository(trx);
        const likesByAuthor = new Map<number, number>();
        for (const row of inGroup ? [] : rows) {
          if (row.likes_count > 0) {
            likesByAuthor.set(row.user_id, (likesByAuthor.get(row.user_id) ?? 0) + row.likes_count);
          }
        }
        for (const [userId, likes] of likesByAuthor) await counters.addUserLikes(userId, -likes);

        const publishedByChannel = new Map<number, number>();
        for (const row of rows) {
          if (row.status === 'published') {
            publishedByChannel.set(
              row.channel_id,
              (publishedByChannel.get(row.channel_id) ?? 0) + 1,
            );
          }
        }
        const trxChannels = channelsRepository(trx);
        for (const [channelId, count] of publishedByChannel) {
          const latest = await trxWaves.latestPublishedCreatedAt(channelId);
          await trxChannels.removePublishedWaves(channelId, count, latest);
        }
        if (wave.in_reply_to_wave_id !== null && wave.status === 'published') {
          await counters.bump(wave.in_reply_to_wave_id, { replies: -1 });
        }
        return { rows, count: ids.length };
      });
      changed();
      for (const row of removed.rows) {
        await deps.storage.deletePrefix(waveFolderKey(row)).catch((error: unknown) => {
          (caller.log ?? deps.log)?.error(
            { err: error },
            `could not remove the media of wave ${row.wave_name}`,
          );
        });
      }
      return { wave_name: wave.wave_name, deleted_waves: removed.count };
    },

    /**
     * The stored audio or portrait video at a public path, if the caller may have it: public
     * channels to everyone, chat groups to their members. Null when there is no such file (or
     * no access).
     */
    async media(location: AudioLocation, kind: 'audio' | 'video', viewer: Viewer) {
      let isChatgroup = chatgroupFlags.get(location.channel_id);
      if (isChatgroup === undefined) {
        const channel = await channels.findById(location.channel_id);
        if (!channel) return null;
        isChatgroup = channel.is_chatgroup;
        if (chatgroupFlags.size > 10_000) chatgroupFlags.clear();
        chatgroupFlags.set(channel.id, isChatgroup);
      }
      const channel = { id: location.channel_id, channel_name: '', is_chatgroup: isChatgroup };
      if (!(await access.canRead(viewer, channel))) return null;
      const key = kind === 'audio' ? audioKey(location) : videoKey(location);
      const stat = await deps.storage.stat(key);
      if (!stat) return null;
      return {
        ...stat,
        isPrivate: isChatgroup === 1,
        open: (range?: { start: number; end: number }) => deps.storage.createReadStream(key, range),
      };
    },

    /**
     * Keeps `listed` true to the rules when configuration changed them: waves of the channel
     * named after the product leave the lists. Runs at start (an index range, not a scan).
     */
    async reconcileListing() {
      const product = await channels.findByName(deps.siteName);
      if (product && isProductChannel(product.channel_name, deps.siteName)) {
        await waves.unlistChannel(product.id);
        changed();
      }
    },
  };
}

export type WaveService = ReturnType<typeof waveService>;
