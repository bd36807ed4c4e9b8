import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { channelsRepository } from '../db/repositories/channels-repository.ts';
import { usersRepository } from '../db/repositories/users-repository.ts';
import { wavesRepository } from '../db/repositories/waves-repository.ts';
import { jobQueue } from '../jobs/queue.ts';
import { waveVideoBackfillJob } from '../jobs/backfill-wave-videos.ts';
import { enqueueWaveVideo, waveVideoJob } from '../jobs/render-wave-video.ts';
import { sweepStaleUploadsJob } from '../jobs/sweep-stale-uploads.ts';
import { transcodeWaveJob } from '../jobs/transcode-wave.ts';
import { createMetrics } from '../kernel/metrics.ts';
import { openProcessScratch, recoverDeadScratch } from '../kernel/process-scratch.ts';
import { requireFfmpeg } from '../media/ffmpeg.ts';
import { s3MediaStorage } from '../media/s3-storage.ts';
import { diskMediaStorage, type MediaStorage } from '../media/storage.ts';
import { createCaptchaProvider } from '../providers/captcha.ts';
import { createMailProvider } from '../providers/mail.ts';
import { createSmsProvider } from '../providers/sms.ts';
import { accountService } from './account-service.ts';
import { audiogramCards } from './audiogram-cards.ts';
import { captchaChallenges as createCaptchaChallenges } from './captcha-challenges.ts';
import { channelService } from './channel-service.ts';
import type { Clock } from '../kernel/clock.ts';
import { followService } from './follow-service.ts';
import { groupService } from './groups/group-service.ts';
import { inviteService } from './invite-service.ts';
import { phoneService } from './phone-service.ts';
import { profileImageService } from './profile-image-service.ts';
import { profileService } from './profile-service.ts';
import { rateLimiter as createRateLimiter } from './rate-limiter.ts';
import { resumableUploads as createResumableUploads } from './recording/resumable-uploads.ts';
import { uploadIntake as createUploadIntake } from './recording/upload-intake.ts';
import { uploadPaths as createUploadPaths } from './recording/upload-paths.ts';
import { uploadTokens } from './recording/upload-tokens.ts';
import { waveCreation as createWaveCreation } from './recording/wave-creation.ts';
import { wavePublisher as createWavePublisher } from './recording/wave-publisher.ts';
import { anonymousViewer, sessionService } from './session-service.ts';
import { treasureHuntService } from './treasure-hunt/treasure-hunt-service.ts';
import { presentCurrentUser } from './user-presenter.ts';
import { viewerKeys as createViewerKeys } from './viewer-keys.ts';
import { waveAccess as createWaveAccess } from './wave-access.ts';
import { waveListService } from './wave-list-service.ts';
import { waveService } from './wave-service.ts';

/**
 * Everything the routes call, built once per app from its configuration and database.
 * Later features add their services here, so tests and the worker build the same graph.
 */
export function createServices(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  jwtSecret: Uint8Array;
  anonymousUserId: number;
  /** Where providers report (the app's logger); null is silent. */
  log?: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  } | null;
}) {
  const { config, db, clock } = deps;
  const log = deps.log ?? null;
  const metrics = createMetrics();
  /** This process's own folder for local files on their way (kernel/process-scratch.ts). */
  const scratch = openProcessScratch(config.dataDir);
  const users = usersRepository(db.kysely);
  const sessions = sessionService(db, deps.jwtSecret, clock);
  const rateLimiter = createRateLimiter(db, clock);
  const captcha = createCaptchaProvider(config, db, clock, deps.jwtSecret);
  const mail = createMailProvider(config, log);
  /** Media (audio, avatars, covers, uploads on their way): DATA_DIR/media, or the S3 bucket. */
  const media: MediaStorage = config.s3
    ? s3MediaStorage(config.s3)
    : diskMediaStorage(path.join(config.dataDir, 'media'));
  const accounts = accountService({
    config,
    db,
    clock,
    sessions,
    captcha,
    mail,
    rateLimiter,
    anonymousUserId: deps.anonymousUserId,
    log,
  });

  /** Durable jobs (server/jobs/queue.ts); the handlers are defined below. */
  const jobs = jobQueue({ db, clock, log });

  // Listening: wave lists, likes and views, editing, channels, publishing audio.
  const waveAccess = createWaveAccess({
    channels: channelsRepository(db.kysely),
    adminUsernames: config.adminUsernames,
  });
  const viewerKeys = createViewerKeys(deps.jwtSecret);
  const ffmpeg = () =>
    requireFfmpeg({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
  const waveLists = waveListService({
    waves: wavesRepository(db.kysely, db.dialect),
    channels: channelsRepository(db.kysely),
    users,
    access: waveAccess,
    siteName: config.siteName,
    onCacheLookup: metrics.listCacheLookup,
  });
  const waves = waveService({
    db,
    storage: media,
    access: waveAccess,
    clock,
    rateLimiter,
    siteName: config.siteName,
    log,
    onListsChanged: () => waveLists.invalidate(),
    onViewCounted: (viewerKey) => waveLists.noteViewer(viewerKey),
    onCardChanged: (wave, requestLog) => {
      if (!config.waveVideos || wave.status !== 'published') return;
      enqueueWaveVideo(jobs, wave.id, { editedAt: clock.now() }).catch((error: unknown) =>
        (requestLog ?? log)?.error(
          { err: error, waveId: wave.id },
          'could not queue the wave video',
        ),
      );
    },
  });
  const wavePublisher = createWavePublisher({
    db,
    storage: media,
    ffmpeg,
    clock,
    siteName: config.siteName,
    workDir: scratch.path('publish'),
    onPublished: () => {
      waveLists.invalidate();
      jobs.wake();
    },
    // Every published wave gets its portrait video, queued with the publication itself.
    ...(config.waveVideos
      ? {
          onPublishing: (trx, waveId) => enqueueWaveVideo(jobs, waveId, { published: true }, trx),
        }
      : {}),
  });
  const channels = channelService({
    db,
    access: waveAccess,
    clock,
    siteName: config.siteName,
    adminUsernames: config.adminUsernames,
  });

  const profileImages = profileImageService({
    db,
    clock,
    storage: media,
    anonymousUserId: deps.anonymousUserId,
  });
  const profiles = profileService({
    config,
    db,
    clock,
    images: profileImages,
    anonymousUserId: deps.anonymousUserId,
  });
  const cards = audiogramCards({
    waves,
    storage: media,
    profileImages,
    rateLimiter,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
  });
  const follows = followService({ db, clock, onFollowsChanged: () => waveLists.invalidate() });
  const sms = createSmsProvider(config, log);
  const phone = phoneService({
    config,
    db,
    clock,
    secret: deps.jwtSecret,
    sms,
    captcha,
    rateLimiter,
    log,
  });
  const invites = inviteService({ config, db });
  const groups = groupService({
    db,
    clock,
    access: waveAccess,
    rateLimiter,
    sms,
    mail,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    log,
  });
  const captchaChallenges = createCaptchaChallenges({
    captcha,
    rateLimiter,
    levels: { sms: (ip) => phone.guestCaptchaLevel(ip) },
  });
  const treasureHunt = treasureHuntService({
    db,
    clock,
    storage: media,
    rateLimiter,
    isAdmin: waveAccess.isAdmin,
  });

  // Recording (services/recording/): wave creation, then its audio through tus or multipart.
  const uploadPaths = createUploadPaths(config.dataDir, scratch.dir);
  const tokens = uploadTokens(deps.jwtSecret);
  const waveCreation = createWaveCreation({
    db,
    rateLimiter,
    captcha,
    access: waveAccess,
    publisher: wavePublisher,
    tokens,
  });
  const resumableUploads = createResumableUploads({
    db,
    storage: media,
    workDir: uploadPaths.multipart,
    onBytesStored: (bytes) => metrics.uploadBytes('tus', bytes),
  });
  const uploadIntake = createUploadIntake({
    db,
    storage: media,
    tokens,
    ffmpeg,
    jobs,
    anonymousUserId: deps.anonymousUserId,
  });

  /**
   * Recovers what processes that died on this DATA_DIR left (their ffmpeg, their scratch
   * folders, their job leases): at start, and hourly with the sweep. Returns the folders.
   */
  async function recoverDeadProcesses(): Promise<string[]> {
    const recovered = await recoverDeadScratch(config.dataDir, scratch);
    for (const dead of recovered) {
      const released = dead.owner ? await jobs.releaseJobsOf(dead.owner.id) : 0;
      log?.info(
        {
          dir: dead.dir,
          deadPid: dead.owner?.pid,
          killedFfmpeg: dead.killed,
          releasedJobs: released,
        },
        'recovered what a dead process left',
      );
    }
    return recovered.map((dead) => dead.dir);
  }

  // The job handlers (server/jobs/, one file per kind), defined alike in the API process and
  // in `npm run worker`: a new kind of job is one more line here.
  jobs.define(
    transcodeWaveJob({
      db,
      paths: uploadPaths,
      storage: media,
      ffmpeg,
      publisher: wavePublisher,
      anonymousUserId: deps.anonymousUserId,
      log,
    }),
  );
  metrics.setQueueStats(() => jobs.queueStats());
  jobs.define(
    sweepStaleUploadsJob({
      paths: uploadPaths,
      jobs,
      storage: media,
      uploads: resumableUploads,
      recoverDeadProcesses,
    }),
  );
  jobs.define(
    waveVideoJob({
      db,
      storage: media,
      ffmpeg,
      cards,
      clock,
      workDir: scratch.path('video'),
      onVideoChanged: () => waveLists.invalidate(),
      log,
    }),
  );
  jobs.define(waveVideoBackfillJob({ db, jobs, enabled: config.waveVideos }));

  return {
    config,
    db,
    clock,
    anonymousUserId: deps.anonymousUserId,
    /** Prometheus metrics of this process (GET /metrics). */
    metrics,
    /** The caller of every request without a session (the shared guest account). */
    anonymousViewer: anonymousViewer(deps.anonymousUserId),
    sessions,
    /** Fixed-window limits: `await rateLimiter.hit(bucket, limit, windowMs)` (refused above). */
    rateLimiter,
    /** `verify(payload, ip)`; or `assertHuman(captcha, payload, ip)` from providers/captcha.ts. */
    captcha,
    /** GET /captcha/challenge: limited per address, harder under load for its purpose. */
    captchaChallenges,
    /** `send({ to, subject, text, html })`: the outbox, or SMTP when SMTP_URL is set. */
    mail,
    accounts,
    /** MediaStorage: DATA_DIR/media or the S3 bucket (audio, avatars, covers, uploads). */
    media,
    /** The located ffmpeg (throws with an operator message when there is none). */
    ffmpeg,
    waveAccess,
    /** The key a caller's views count under, and device ids for guest browsers. */
    viewerKeys,
    waveLists,
    waves,
    /** `createWave(...)`, then `publishFromFile(waveId, file)` (recording pipeline, demo seed). */
    wavePublisher,
    channels,
    profileImages,
    profiles,
    /** The audiogram card on the server: its props, its version, its PNG. */
    cards,
    follows,
    /** `send({ to, body })`: the SMS outbox, or a Twilio-compatible API by configuration. */
    sms,
    phone,
    invites,
    /** Chat groups: members, invitations, the shareable link (services/groups/). */
    groups,
    /** Products and their falling-price auctions (docs/product/marketplace.md). */
    treasureHunt,
    /** Durable jobs: `enqueue(kind, payload, { dedupeKey, trx })`, `start()` a worker. */
    jobs,
    /** Local folders of uploads on their way (multipart, transcoder input and output). */
    uploadPaths,
    /** This process's scratch folder; its id starts the job worker ids. */
    scratch,
    /** Kills a dead process's ffmpeg, removes its scratch, releases its jobs (at start). */
    recoverDeadProcesses,
    /** tus uploads any process can continue (state in the database, parts in the storage). */
    resumableUploads,
    /** POST /wave/newwave. */
    waveCreation,
    /** Who may upload a wave's audio, and the complete file handed to its transcode job. */
    uploadIntake,
    users: {
      async current(userId: number) {
        const user = await users.findById(userId);
        if (!user) return null;
        return presentCurrentUser(user, await users.teamsOf(userId), config.adminUsernames);
      },
    },
  };
}

export type Services = ReturnType<typeof createServices>;
