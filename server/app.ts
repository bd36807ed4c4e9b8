import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyServerOptions,
  type onResponseHookHandler,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { resolveJwtSecret, type Config } from './config.ts';
import { migrateToLatest, openDatabase, type Db } from './db/database.ts';
import { seedRequiredRows } from './seed/required-rows.ts';
import { authPlugin } from './http/auth-plugin.ts';
import { cookies } from './http/cookies.ts';
import { frameworkErrors, registerErrorHandling } from './http/error-handler.ts';
import { loadShedding } from './http/load-shedding.ts';
import { leavesFormsUnread } from './http/multipart-form.ts';
import { requestIdOf, requestIds } from './http/request-id.ts';
import { inlineScriptSources } from './http/inline-scripts.ts';
import { securityHeaders } from './http/security-headers.ts';
import { staticPlugin } from './http/static-plugin.ts';
import { captchaCspSources } from './providers/captcha.ts';
import { authRoutes } from './routes/auth.ts';
import { captchaRoutes } from './routes/captcha.ts';
import { channelRoutes } from './routes/channel.ts';
import { chatRoutes } from './routes/chat.ts';
import { healthRoutes } from './routes/health.ts';
import { inviteRoutes } from './routes/invite.ts';
import { mediaAudioRoutes } from './routes/media-audio.ts';
import { mediaCardRoutes } from './routes/media-card.ts';
import { phoneRoutes } from './routes/phone.ts';
import { profileImageRoutes } from './routes/profile-images.ts';
import { recordingRoutes, tusRoutes } from './routes/recording.ts';
import { teamRoutes } from './routes/team.ts';
import { testingRoutes } from './routes/testing.ts';
import { treasureHuntRoutes } from './routes/treasurehunt.ts';
import { mediaImageRoutes } from './routes/media-images.ts';
import { userRoutes } from './routes/user.ts';
import { waveRoutes } from './routes/wave.ts';
import { isAdvancingClock, offsetClock, systemClock, type Clock } from './kernel/clock.ts';
import { createServices, type Services } from './services/container.ts';

export interface BuildOptions {
  db?: Db;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own logger writes (tests read its lines); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /**
   * Request ids and per-request metrics; on unless a benchmark measures what they cost
   * (docs/budgets.md "List endpoints").
   */
  instrumentation?: boolean;
}

export function contentSecurityPolicy(config: Config) {
  const media = config.mediaBaseUrl ? [config.mediaBaseUrl] : [];
  // Turnstile and hCaptcha load a script and a frame from their own origins (ALTCHA: none).
  const captcha = captchaCspSources(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScriptSources(config.staticDir), ...captcha],
    frameSrc: ["'self'", ...captcha],
    // Inline styles are set by React and the captcha widget through the CSSOM, never by markup.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...media],
    mediaSrc: ["'self'", 'blob:', ...media],
    connectSrc: ["'self'", ...media, ...captcha],
    fontSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}

/** Builds the whole server from its configuration; `main.ts` and the tests both call this. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const db =
    options.db ?? openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(db);
  const { anonymousUserId } = await seedRequiredRows(db, systemClock);

  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    ...(options.instrumentation === false ? {} : { genReqId: requestIdOf }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // Per-request lines only when debugging: they cost throughput on the list endpoints.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = options.clock ?? (config.testClock ? offsetClock() : systemClock);
  const services: Services = createServices({
    config,
    db,
    clock,
    jwtSecret: resolveJwtSecret(config),
    anonymousUserId,
    log: app.log,
  });
  await services.waves.reconcileListing();

  // Request ids and metrics first: every reply (and every log line of a request) has its id,
  // and every answered request is counted with its route pattern.
  if (options.instrumentation !== false) {
    await app.register(requestIds);
    // Each route counts its own requests with its pattern known at registration: no
    // `request.routeOptions` (a new object each time it is read) and no lookup per request.
    app.addHook('onRoute', (route) => {
      const record = services.metrics.routeRecorder(route.url);
      const counted: onResponseHookHandler = (request, reply, done) => {
        record(request.method, reply.statusCode, reply.elapsedTime / 1000);
        done();
      };
      route.onResponse = [counted, ...[route.onResponse ?? []].flat()];
    });
  }

  // Before the rest of the work a request costs: a saturated process refuses it at once.
  await app.register(loadShedding, {
    maxEventLoopDelayMs: config.shedEventLoopDelayMs,
    metrics: services.metrics,
  });

  // External plugins.
  const https = config.publicUrl.startsWith('https://');
  // helmet's headers, computed once at start (see security-headers.ts).
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        ...contentSecurityPolicy(config),
        // Plain-http installs (a LAN, localhost) must not be told to upgrade every request.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // An audiogram card is made to be embedded: the page that frames it waits for its
    // RENDER_COMPLETE (docs/product/listening.md "Audiogram card").
    embeddablePaths: ['/audiogramcard'],
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // @fastify/cookie's API without its onSend hook; parsed by the auth plugin's hook (below).
  await app.register(cookies);
  leavesFormsUnread(app);
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.siteName} API`, version: '1.0.0' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // App plugins.
  registerErrorHandling(app);
  await app.register(authPlugin, {
    sessions: services.sessions,
    anonymousViewer: services.anonymousViewer,
    allowedOrigins: [config.publicUrl],
  });

  // Routes.
  await app.register(healthRoutes, { services });
  await app.register(
    async (api) => {
      await api.register(authRoutes, { services });
      await api.register(captchaRoutes, { services });
      await api.register(userRoutes, { services });
      await api.register(teamRoutes, { services });
      await api.register(phoneRoutes, { services });
      await api.register(inviteRoutes, { services });
      await api.register(waveRoutes, { services });
      await api.register(channelRoutes, { services });
      await api.register(chatRoutes, { services });
      await api.register(recordingRoutes, { services });
      await api.register(tusRoutes, { services });
      await api.register(treasureHuntRoutes, { services });
      if (config.testClock) {
        if (!isAdvancingClock(clock)) throw new Error('TEST_CLOCK needs a clock that can move');
        await api.register(testingRoutes, { clock });
      }
    },
    { prefix: '/api/v1' },
  );
  await app.register(profileImageRoutes, { services });
  await app.register(mediaAudioRoutes, { services });
  await app.register(mediaImageRoutes, { services });
  await app.register(mediaCardRoutes, { services });
  // The app's files and the not-found handler, in a context of their own: a request no route
  // matched is counted there, so the routes that matched run no hook of it (docs/budgets.md
  // "List endpoints").
  await app.register(async (site) => {
    if (options.instrumentation !== false) {
      const unmatched = services.metrics.routeRecorder('unmatched');
      site.addHook('onResponse', (request, reply, done) => {
        if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime / 1000);
        done();
      });
    }
    await site.register(staticPlugin, { root: config.staticDir });
  });

  // What a process that died on this DATA_DIR left (its ffmpeg, partial files, job leases)
  // goes before this one starts work (docs/decisions.md "Temporary files and crash recovery").
  await services.recoverDeadProcesses();
  // Durable jobs (transcoding) run here unless JOBS_IN_PROCESS=false (`npm run worker`).
  const worker = config.jobsInProcess
    ? services.jobs.start({
        concurrency: config.workerConcurrency,
        idPrefix: services.scratch.id,
      })
    : null;
  app.addHook('onClose', async () => {
    await worker?.stop();
    await services.scratch.remove();
    if (!options.db) await db.close();
  });
  return { app, services };
}
