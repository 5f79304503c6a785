// Every setting of the process, read from the environment and validated once at start-up.
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type WebPush from 'web-push';
import { z } from 'zod';
import { DEFAULT_PREPARED_STATEMENTS } from './db/pglite-statements';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every in-process cache's budget in MB, by its variable: what each may hold at most,
 * counted in bytes. The V8-heap ones add up to 66 MB of the server's 192 MB heap
 * (scripts/server-node.mjs); the page and answer caches hold Buffers, outside that heap.
 * Budgets and what they hold: docs/operations/memory-and-overload.md.
 */
export const MEMORY_BUDGET_DEFAULTS_MB = {
  /** Visitors' rendered pages and their compressed forms (server/http/page-cache.ts); outside the V8 heap. */
  PAGE_CACHE_MB: 48,
  /** Visitors' API answers as sent over HTTP (server/http/answer-cache.ts); outside the V8 heap. */
  ANSWER_CACHE_MB: 8,
  /** The API's response cache: visitors' public answers (server/graphql/response-cache.ts). */
  RESPONSE_CACHE_MB: 24,
  /** Public answers kept for the pages' loaders (server/graphql/in-process.ts, ADR 036). */
  PAGE_ANSWERS_MB: 8,
  /** Stored <main> markup of rendered pages (app/lib/main-fragment.server.ts, ADR 028). */
  MAIN_FRAGMENT_CACHE_MB: 16,
  /** Checked sessions by token (server/modules/accounts/session-cache.ts, ADR 031). */
  SESSION_CACHE_MB: 4,
  /** Parsed and validated GraphQL documents (Yoga's parser cache). */
  GRAPHQL_DOCUMENT_CACHE_MB: 6,
  /** In-process rate-limit counters, all limiters together (server/lib/rate-limit.ts); unused with REDIS_URL. */
  RATE_LIMIT_MEMORY_MB: 8,
  /** Stored files this replica served, kept by key (server/storage/media-cache.ts); outside the V8 heap. */
  MEDIA_CACHE_MB: 32,
  /** Commissioners' share-link QR images already drawn (server/modules/referrals/referral-share.ts). */
  QR_CACHE_MB: 2,
} as const;

/** A budget in MB: 0 turns that cache off (it keeps nothing). */
const megabytes = (fallback: number) => z.coerce.number().min(0).max(65_536).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SHOP_MODE: z.enum(['demo', 'live']).default('demo'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  // PostgreSQL memory syntax (kB, MB, GB); see pgliteSharedBuffers below.
  PGLITE_SHARED_BUFFERS: z.string().regex(/^\d+(kB|MB|GB)$/, 'a size such as 16MB').default('16MB'),
  // Statements the embedded database keeps parsed (server/db/pglite-statements.ts); 0: none.
  PGLITE_PREPARED_STATEMENTS: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_PREPARED_STATEMENTS),
  DATABASE_STATEMENT_TIMEOUT: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(25),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(1_000_000).default(300),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  JOBS_WORKER: z.enum(['on', 'off']).default('on'),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  // Nightly backups into DATA_DIR/backups (docs/operations/backups.md): a Manila time of day, or off.
  BACKUP_TIME: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be a time of day in Manila as HH:MM (24-hour), or off')
    .default('03:00'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Suki <no-reply@suki.ph>'),
  FACEBOOK_APP_ID: z.string().regex(/^\d+$/, 'must be the numeric Facebook app id').optional(),
  FACEBOOK_APP_SECRET: z.string().min(8).optional(),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
  CORS_ORIGINS: z
    .string()
    .regex(/^https?:\/\/[^\s,/]+(,\s*https?:\/\/[^\s,/]+)*$/, 'must be a comma-separated list of origins such as https://app.example.ph')
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(false|\d{1,2}|((loopback|linklocal|uniquelocal|[\da-fA-F.:]+(\/\d{1,3})?)(,\s*(loopback|linklocal|uniquelocal|[\da-fA-F.:]+(\/\d{1,3})?))*))$/,
      'must be false, a hop count (1) or a comma-separated list of proxy addresses or CIDRs (10.0.0.0/8)',
    )
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Traces over OTLP (server/telemetry): read by the preload and the exporter; checked here too.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url('must be the collector\'s URL, e.g. http://127.0.0.1:4318').optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('suki'),
  RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  REFERRAL_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  // Memory budgets of the in-process caches, in MB (docs/operations/memory-and-overload.md).
  PAGE_CACHE_MB: megabytes(MEMORY_BUDGET_DEFAULTS_MB.PAGE_CACHE_MB),
  ANSWER_CACHE_MB: megabytes(MEMORY_BUDGET_DEFAULTS_MB.ANSWER_CACHE_MB),
  RESPONSE_CACHE_MB: megabytes(MEMORY_BUDGET_DEFAULTS_MB.RESPONSE_CACHE_MB),
  PAGE_ANSWERS_MB: megabytes(MEMORY_BUDGET_DEFAULTS_MB.PAGE_ANSWERS_MB),
  MAIN_FRAGMENT_CACHE_MB: megabytes(MEMORY_BUDGET_DEFAULTS_MB.MAIN_FRAGMENT_CACHE_MB),
  SESSION_CACHE_MB: megabytes(MEMORY_BUDGET_DEFAULTS_MB.SESSION_CACHE_MB),
  GRAPHQL_DOCUMENT_CACHE_MB: megabytes(MEMORY_BUDGET_DEFAULTS_MB.GRAPHQL_DOCUMENT_CACHE_MB),
  RATE_LIMIT_MEMORY_MB: megabytes(MEMORY_BUDGET_DEFAULTS_MB.RATE_LIMIT_MEMORY_MB),
  MEDIA_CACHE_MB: megabytes(MEMORY_BUDGET_DEFAULTS_MB.MEDIA_CACHE_MB),
  QR_CACHE_MB: megabytes(MEMORY_BUDGET_DEFAULTS_MB.QR_CACHE_MB),
  // Freed C heap goes back to the system when the process goes quiet, and at most this often
  // while it stays busy (server/lib/return-freed-memory.ts); 0: never.
  RETURN_FREED_MEMORY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  // Where stored files go (server/storage, docs/decisions/048-file-storage-drivers.md): the data
  // dir, a table of the database, or an S3-compatible bucket.
  STORAGE_DRIVER: z.enum(['datadir', 'postgres', 's3']).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as us-east-1').default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['on', 'off']).default('off'),
  // Load shedding (server/http/overload.ts): past these, new work is refused with a 503.
  OVERLOAD_MAX_RENDERS: z.coerce.number().int().min(1).max(10_000).default(16),
  OVERLOAD_MAX_QUEUED: z.coerce.number().int().min(0).max(100_000).default(64),
  OVERLOAD_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(10).max(60_000).default(200),
  OVERLOAD_HEAP_PERCENT: z.coerce.number().min(10).max(100).default(85),
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  // The built-in payment sandbox (docs/decisions/021-payments-sandbox-and-events.md): on by
  // default in the demo, off in a live shop unless turned on.
  PAYMENTS_SANDBOX: z.enum(['on', 'off']).optional(),
  PAYMENTS_SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Web Push (docs/decisions/014-web-push.md): an uncompressed P-256 public key (65 bytes) and
  // its private key (32 bytes), URL-safe base64, as web-push's generateVAPIDKeys prints them.
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a URL-safe base64 P-256 public key (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a URL-safe base64 P-256 private key (43 characters)').optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  // Payment providers (server/modules/payments/providers): each set of credentials switches
  // that provider from the sandbox to its real API; the base URLs default to the providers' sandboxes.
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_BASE_URL: z.url().default('https://api-m.sandbox.paypal.com'),
  MAYA_PUBLIC_KEY: z.string().min(1).optional(),
  MAYA_SECRET_KEY: z.string().min(1).optional(),
  MAYA_BASE_URL: z.url().default('https://pg-sandbox.paymaya.com'),
  DRAGONPAY_MERCHANT_ID: z.string().min(1).optional(),
  DRAGONPAY_KEY: z.string().min(1).optional(),
  DRAGONPAY_BASE_URL: z.url().default('https://test.dragonpay.ph'),
  IPAY88_MERCHANT_CODE: z.string().min(1).optional(),
  IPAY88_KEY: z.string().min(1).optional(),
  IPAY88_BASE_URL: z.url().default('https://sandbox.ipay88.com.ph'),
});

/** A provider's credentials and API base; null when unset (the sandbox serves, outside live). */
export type ProviderSettings = {
  paypal: { clientId: string; clientSecret: string; webhookId: string | undefined; baseUrl: string } | null;
  maya: { publicKey: string; secretKey: string; baseUrl: string } | null;
  dragonpay: { merchantId: string; password: string; baseUrl: string } | null;
  ipay88: { merchantCode: string; merchantKey: string; baseUrl: string } | null;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  /** NODE_ENV=production: compiled assets and React's production build. */
  isProduction: boolean;
  /**
   * SHOP_MODE=live: a real shop. No demo seed, no /dev/mailbox, no payment sandbox
   * (docs/decisions/005-shop-mode.md). Independent of NODE_ENV so `npm start` is a fast demo.
   */
  isLive: boolean;
  port: number;
  dataDir: string;
  /**
   * The embedded database's buffer cache. It lives inside this process (PGlite's WebAssembly
   * heap, which never shrinks) while the operating system caches the same files again, so a
   * small one saves memory at little cost (130 MB less RSS at 16MB than at 128MB).
   */
  pgliteSharedBuffers: string;
  /** Statements the embedded database keeps parsed and planned (server/db/pglite-statements.ts); 0: none. */
  pglitePreparedStatements: number;
  databaseUrl: string | undefined;
  /** Connections per process to PostgreSQL (ignored on PGlite, which has one). */
  databasePoolSize: number;
  /** PostgreSQL statement_timeout of request queries, in ms (0: none). Migrations have none. */
  databaseStatementTimeoutMs: number;
  /** How long a process told to stop waits for its requests in flight (graceful-stop.ts). */
  shutdownGraceMs: number;
  /** How long a start waits for PostgreSQL to answer before giving up. */
  databaseWaitSeconds: number;
  publicUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  jwtSecret: string;
  seedProducts: number;
  /** Rate-limit counters in Redis (shared by replicas); in process memory when unset. */
  redisUrl: string | undefined;
  /** Outgoing mail server; when unset, emails stay in the outbox shown at /dev/mailbox. */
  /** off: this replica only enqueues jobs; another one (JOBS_WORKER=on) runs them. */
  jobsWorker: boolean;
  /** How often an idle worker looks for due jobs, in seconds. */
  jobsPollSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The nightly backup (server/backups): when it runs, as a Manila time of day (null: never),
   * and how many of its archives DATA_DIR/backups keeps.
   */
  backup: BackupSettings;
  /** Facebook login: both set to enable it; the Graph API base is configurable for tests. */
  facebook: { appId: string | undefined; appSecret: string | undefined; graphUrl: string };
  /** Origins besides PUBLIC_URL's that may call /graphql from a browser with credentials. */
  corsOrigins: string[];
  /**
   * Which peers may tell the client address in X-Forwarded-For (Express's 'trust proxy'):
   * false (default: the socket's address), a hop count, or proxy addresses/CIDRs.
   */
  trustProxy: false | number | string;
  /** Bearer token that /metrics requires; without it /metrics is not served. */
  metricsToken: string | undefined;
  /** OpenTelemetry traces: the OTLP collector (unset: no tracing) and the service's name in it. */
  tracing: { endpoint: string | undefined; serviceName: string };
  /** Visitors' public API answers kept in memory (server/graphql/response-cache.ts). */
  responseCache: boolean;
  /** Days a referral reward is held after fulfilment (the refund window) unless staff set otherwise. */
  referralHoldDays: number;
  /**
   * The built-in payment sandbox: hosted pages under /sandbox, webhooks to /webhooks/sandbox
   * signed (HMAC-SHA256) with this secret (generated into the data dir when not given).
   */
  paymentsSandbox: { enabled: boolean; webhookSecret: string };
  /**
   * Web Push's VAPID identity: the key pair push services check our messages against (from the
   * environment, else generated once into the data dir) and a contact for their operators.
   */
  vapid: { publicKey: string; privateKey: string; subject: string };
  providers: ProviderSettings;
  /** Each in-process cache's budget in bytes (MEMORY_BUDGET_DEFAULTS_MB). */
  memory: MemoryBudgets;
  /** The C heap the process's threads freed is handed back to the system (glibc's malloc_trim) when it goes quiet, and at most this often while busy, ms; 0: never. */
  returnFreedMemoryMs: number;
  /** When to refuse new work with a 503 (server/http/overload.ts). */
  overload: OverloadSettings;
  /** Where uploaded and generated files are stored (server/storage). */
  storage: StorageSettings;
};

/**
 * datadir: files under DATA_DIR/media (one process, or a volume every replica mounts);
 * postgres: a table of the shop's database, so every replica and every database backup has
 * them; s3: an S3-compatible bucket.
 */
export type StorageSettings = { driver: 'datadir' | 'postgres' | 's3'; s3: S3Settings | null };

export type S3Settings = {
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's default credential chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
};

export type BackupSettings = { time: { hour: number; minute: number } | null; keep: number };

export type MemoryBudgets = {
  pageCacheBytes: number;
  answerCacheBytes: number;
  responseCacheBytes: number;
  pageAnswersBytes: number;
  mainFragmentBytes: number;
  sessionCacheBytes: number;
  documentCacheBytes: number;
  rateLimitBytes: number;
  mediaCacheBytes: number;
  qrCacheBytes: number;
};

export type OverloadSettings = {
  /** Renders (and API requests) worked on at once; more wait in a queue. */
  maxRenders: number;
  /** Requests that may wait for a slot; beyond, refused at once. */
  maxQueued: number;
  /** Longest a request waits for a slot before it is refused. */
  maxWaitMs: number;
  /** Mean event-loop delay over the last half second past which new work is refused. */
  eventLoopDelayMs: number;
  /** Share of the V8 heap limit, live after the last full collection, past which new work is refused. */
  heapRatio: number;
  /** The Retry-After of a refusal, in seconds. */
  retryAfterSeconds: number;
};

export class ConfigError extends Error {}

/** STORAGE_DRIVER and the S3_* settings: postgres by default with DATABASE_URL, else the data dir. */
function storageSettings(e: z.infer<typeof envSchema>): StorageSettings {
  const driver = e.STORAGE_DRIVER ?? (e.DATABASE_URL ? 'postgres' : 'datadir');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (driver === 's3' && !e.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: must be set when STORAGE_DRIVER=s3');
  // Read with any driver: npm run media:move copies files into the bucket before the switch.
  if (!e.S3_BUCKET) return { driver, s3: null };
  return {
    driver,
    s3: {
      endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'on',
    },
  };
}

/** Reads and validates the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SHOP_MODE === 'live' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: must be set when SHOP_MODE=live');
  }
  const pairs: [string, string | undefined, string, string | undefined][] = [
    ['PAYPAL_CLIENT_ID', e.PAYPAL_CLIENT_ID, 'PAYPAL_CLIENT_SECRET', e.PAYPAL_CLIENT_SECRET],
    ['MAYA_PUBLIC_KEY', e.MAYA_PUBLIC_KEY, 'MAYA_SECRET_KEY', e.MAYA_SECRET_KEY],
    ['DRAGONPAY_MERCHANT_ID', e.DRAGONPAY_MERCHANT_ID, 'DRAGONPAY_KEY', e.DRAGONPAY_KEY],
    ['IPAY88_MERCHANT_CODE', e.IPAY88_MERCHANT_CODE, 'IPAY88_KEY', e.IPAY88_KEY],
  ];
  for (const [a, av, b, bv] of pairs) {
    if (Boolean(av) !== Boolean(bv)) throw new ConfigError(`Invalid configuration:\n  ${a}, ${b}: set both or neither`);
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  const storage = storageSettings(e);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    isLive: e.SHOP_MODE === 'live',
    port: e.PORT,
    dataDir,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    pglitePreparedStatements: e.PGLITE_PREPARED_STATEMENTS,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    seedProducts: e.SEED_PRODUCTS,
    redisUrl: e.REDIS_URL,
    jobsWorker: e.JOBS_WORKER === 'on',
    jobsPollSeconds: e.JOBS_POLL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    backup: { time: parseTimeOfDay(e.BACKUP_TIME), keep: e.BACKUP_KEEP },
    facebook: {
      appId: e.FACEBOOK_APP_ID,
      appSecret: e.FACEBOOK_APP_SECRET,
      graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/$/, ''),
    },
    corsOrigins: (e.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN,
    tracing: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME },
    responseCache: e.RESPONSE_CACHE === 'on',
    referralHoldDays: e.REFERRAL_HOLD_DAYS,
    paymentsSandbox: {
      enabled: (e.PAYMENTS_SANDBOX ?? (e.SHOP_MODE === 'live' ? 'off' : 'on')) === 'on',
      webhookSecret: e.PAYMENTS_SANDBOX_SECRET ?? persistedSecret(dataDir, 'sandbox-webhook-secret'),
    },
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : persistedVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
    },
    memory: {
      pageCacheBytes: mb(e.PAGE_CACHE_MB),
      answerCacheBytes: mb(e.ANSWER_CACHE_MB),
      responseCacheBytes: mb(e.RESPONSE_CACHE_MB),
      pageAnswersBytes: mb(e.PAGE_ANSWERS_MB),
      mainFragmentBytes: mb(e.MAIN_FRAGMENT_CACHE_MB),
      sessionCacheBytes: mb(e.SESSION_CACHE_MB),
      documentCacheBytes: mb(e.GRAPHQL_DOCUMENT_CACHE_MB),
      rateLimitBytes: mb(e.RATE_LIMIT_MEMORY_MB),
      mediaCacheBytes: mb(e.MEDIA_CACHE_MB),
      qrCacheBytes: mb(e.QR_CACHE_MB),
    },
    returnFreedMemoryMs: e.RETURN_FREED_MEMORY_SECONDS * 1000,
    storage,
    overload: {
      maxRenders: e.OVERLOAD_MAX_RENDERS,
      maxQueued: e.OVERLOAD_MAX_QUEUED,
      maxWaitMs: e.OVERLOAD_MAX_WAIT_MS,
      eventLoopDelayMs: e.OVERLOAD_EVENT_LOOP_DELAY_MS,
      heapRatio: e.OVERLOAD_HEAP_PERCENT / 100,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    providers: {
      paypal:
        e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
          ? { clientId: e.PAYPAL_CLIENT_ID, clientSecret: e.PAYPAL_CLIENT_SECRET, webhookId: e.PAYPAL_WEBHOOK_ID, baseUrl: e.PAYPAL_BASE_URL }
          : null,
      maya: e.MAYA_PUBLIC_KEY && e.MAYA_SECRET_KEY ? { publicKey: e.MAYA_PUBLIC_KEY, secretKey: e.MAYA_SECRET_KEY, baseUrl: e.MAYA_BASE_URL } : null,
      dragonpay:
        e.DRAGONPAY_MERCHANT_ID && e.DRAGONPAY_KEY
          ? { merchantId: e.DRAGONPAY_MERCHANT_ID, password: e.DRAGONPAY_KEY, baseUrl: e.DRAGONPAY_BASE_URL }
          : null,
      ipay88:
        e.IPAY88_MERCHANT_CODE && e.IPAY88_KEY
          ? { merchantCode: e.IPAY88_MERCHANT_CODE, merchantKey: e.IPAY88_KEY, baseUrl: e.IPAY88_BASE_URL }
          : null,
    },
  };
}

const mb = (megabytes: number) => Math.round(megabytes * 1024 * 1024);

/** The address of a From header such as `Suki <no-reply@suki.ph>`. */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

function parseTimeOfDay(value: string): { hour: number; minute: number } | null {
  if (value === 'off') return null;
  const [hour, minute] = value.split(':').map(Number);
  return { hour, minute };
}

function parseTrustProxy(value: string | undefined): false | number | string {
  if (!value || value === 'false' || value === '0') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((kv): kv is [string, string] => !!kv[1]));
}

// Generated once and kept in the data dir, so that a restart keeps everyone's session.
function persistedSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

// Like the JWT secret: a restart keeps the key pair, so the browsers' subscriptions (bound to
// the public key) keep working. Replicas must share it through VAPID_* instead.
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const stored = z
      .object({ publicKey: z.string().min(1), privateKey: z.string().min(1) })
      .parse(JSON.parse(readFileSync(file, 'utf8')));
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  mkdirSync(dataDir, { recursive: true });
  // web-push only to make the first key pair (its delivery code loads it again for a message).
  const keys = (createRequire(import.meta.url)('web-push') as typeof WebPush).generateVAPIDKeys();
  writeFileSync(file, JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }), { mode: 0o600 });
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
