import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const csv = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    PUBLIC_URL: z.url().optional(),
    SITE_NAME: z.string().min(1).max(40).default('Waves'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    CAPTCHA_PROVIDER: z.enum(['altcha', 'turnstile', 'hcaptcha']).default('altcha'),
    CAPTCHA_SITE_KEY: z.string().optional(),
    CAPTCHA_SECRET: z.string().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Waves <no-reply@waves.localhost>'),
    SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
    SMS_API_URL: z.url().optional(),
    SMS_ACCOUNT_SID: z.string().optional(),
    SMS_AUTH_TOKEN: z.string().optional(),
    SMS_FROM: z.string().optional(),
    MEDIA_BASE_URL: z.url().optional(),
    FFMPEG_PATH: z.string().optional(),
    FFPROBE_PATH: z.string().optional(),
    ADMIN_USERNAMES: csv,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SEED_DEMO: booleanFlag.optional(),
    JOBS_IN_PROCESS: booleanFlag.default(true),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    WAVE_VIDEOS: booleanFlag.default(true),
    TRUST_PROXY: booleanFlag.default(false),
    SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
    STATIC_DIR: z.string().optional(),
    TEST_CLOCK: booleanFlag.default(false),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (a-z, 0-9, . and -)')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, 'must be a path such as waves/production')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.TEST_CLOCK && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK'],
        message: 'moves the server clock for tests and must not be set in production',
      });
    }
    if (env.CAPTCHA_PROVIDER !== 'altcha' && (!env.CAPTCHA_SITE_KEY || !env.CAPTCHA_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_SECRET'],
        message: `CAPTCHA_SITE_KEY and CAPTCHA_SECRET are required for ${env.CAPTCHA_PROVIDER}`,
      });
    }
    if (
      env.SMS_PROVIDER === 'twilio' &&
      (!env.SMS_ACCOUNT_SID || !env.SMS_AUTH_TOKEN || !env.SMS_FROM)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_PROVIDER'],
        message: 'SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are required for twilio',
      });
    }
    const s3Settings = [
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_PREFIX',
    ] as const;
    if (!env.S3_BUCKET && s3Settings.some((key) => env[key] !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when any other S3_ variable is set',
      });
    }
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
  });

/** Variables in our namespaces that we do not know are typos: stop rather than ignore them. */
const ownPrefixes = ['CAPTCHA_', 'SMTP_', 'SMS_', 'MEDIA_', 'JWT_', 'S3_', 'METRICS_', 'SHED_'];

export type Config = ReturnType<typeof resolveConfig>;

export class ConfigError extends Error {}

function resolveConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    siteName: env.SITE_NAME,
    jwtSecret: env.JWT_SECRET,
    captcha: {
      provider: env.CAPTCHA_PROVIDER,
      siteKey: env.CAPTCHA_SITE_KEY,
      secret: env.CAPTCHA_SECRET,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    sms: {
      provider: env.SMS_PROVIDER,
      apiUrl: env.SMS_API_URL ?? 'https://api.twilio.com',
      accountSid: env.SMS_ACCOUNT_SID,
      authToken: env.SMS_AUTH_TOKEN,
      from: env.SMS_FROM,
    },
    mediaBaseUrl: env.MEDIA_BASE_URL?.replace(/\/$/, ''),
    ffmpegPath: env.FFMPEG_PATH,
    ffprobePath: env.FFPROBE_PATH,
    adminUsernames: env.ADMIN_USERNAMES,
    logLevel: env.LOG_LEVEL,
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    jobsInProcess: env.JOBS_IN_PROCESS,
    /** Jobs one `npm run worker` process runs at once (transcodes are CPU-bound: ≤ 1 per core). */
    workerConcurrency: env.WORKER_CONCURRENCY,
    /** Render a portrait video of every published wave (docs/product/listening.md "Portrait video"). */
    waveVideos: env.WAVE_VIDEOS,
    trustProxy: env.TRUST_PROXY,
    /**
     * Refuse requests with a quick 429 while the event loop's mean delay is above this (ms);
     * 0 turns load shedding off (docs/decisions.md "Load shedding").
     */
    shedEventLoopDelayMs: env.SHED_EVENT_LOOP_DELAY_MS,
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    /** Tests only: the clock runs from an offset that POST /api/v1/testing/clock moves. */
    testClock: env.TEST_CLOCK,
    /** When set, GET /metrics wants `Authorization: Bearer <token>`. */
    metricsToken: env.METRICS_TOKEN,
    /**
     * Media in an S3-compatible bucket instead of DATA_DIR/media (docs/decisions.md "Object
     * storage"); without S3_BUCKET, the disk.
     */
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          prefix: env.S3_PREFIX ?? '',
        }
      : null,
  };
}

/** Parses the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const unknown = Object.keys(source).filter(
    (key) => ownPrefixes.some((prefix) => key.startsWith(prefix)) && !(key in envSchema.shape),
  );
  if (unknown.length > 0) {
    throw new ConfigError(`Unknown configuration variable(s): ${unknown.join(', ')}`);
  }
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return resolveConfig(parsed.data);
}

/** For the processes' entry points: the configuration, or exit 78 (EX_CONFIG) with its message. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

/** The JWT secret from the environment, else one generated once into DATA_DIR. */
export function resolveJwtSecret(config: Config): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
