// Rate limits for abuse-prone calls (sign-in, sign-up, password reset, verification resends).
// Counters live in process memory by default and in Redis when REDIS_URL is set, so that
// several replicas share them.
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type * as IoRedis from 'ioredis';
import { LRUCache } from 'lru-cache';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Config } from '../config';
import { DomainError } from './domain-error';

/** Each policy limits per client IP and per email address (lower-cased). */
/**
 * Each policy limits per client IP and per email address (lower-cased). Per-IP ceilings are
 * high on purpose: Philippine mobile carriers put many shoppers behind one address
 * (carrier-grade NAT), so the per-email limits stop abuse of one account and the per-IP ones
 * only a flood. Sign-in has its own throttle (accounts/sign-in-throttle.service.ts).
 */
export const RATE_LIMIT_POLICIES = {
  accountRegister: { ip: { points: 200, duration: 60 * 60 }, email: { points: 5, duration: 60 * 60 } },
  forgotPassword: { ip: { points: 200, duration: 60 * 60 }, email: { points: 3, duration: 60 * 60 } },
  resendEmailVerification: { ip: { points: 200, duration: 60 * 60 }, email: { points: 3, duration: 60 * 60 } },
  // Guessing a 6-digit code: a few tries per hour per account.
  verifyEmail: { ip: { points: 300, duration: 60 * 60 }, email: { points: 10, duration: 60 * 60 } },
} as const;
export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

type Limiters = Record<RateLimitPolicy, { ip: RateLimiterAbstract; email: RateLimiterAbstract }>;

// One set per configuration object: the process has one; each test API gets fresh counters.
const cache = new WeakMap<Config, Limiters>();
const redisClients = new Map<string, Redis>();

/** The shared Redis client of a configuration, or undefined when counters stay in memory. */
export function redisFor(config: Config): Redis | undefined {
  if (!config.redisUrl) return undefined;
  let redis = redisClients.get(config.redisUrl);
  if (!redis) {
    // One retry per command: during a Redis outage the insurance limiter takes over quickly
    // instead of requests hanging.
    // Loaded only with REDIS_URL: without it the module is ~2 MB of heap for nothing.
    const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof IoRedis;
    redis = new RedisClient(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    // ioredis reconnects by itself and the insurance limiter covers the gap; without a
    // listener, each failed reconnect would be reported as an unhandled error event.
    redis.on('error', () => undefined);
    redisClients.set(config.redisUrl, redis);
  }
  return redis;
}

/** A counter as rate-limiter-flexible's MemoryStorage keeps it (one per key, with its expiry timer). */
type CounterRecord = { timeoutId?: NodeJS.Timeout | null };
/** What one kept counter costs besides its key: the record, its timer, the LRU's slots. */
const COUNTER_OVERHEAD_BYTES = 256;
const memoryStores = new WeakMap<Config, LRUCache<string, CounterRecord>>();

/**
 * The in-process counters of every limiter of a configuration, in one LRU bounded by
 * RATE_LIMIT_MEMORY_MB: rate-limiter-flexible keeps one Map entry and one timer per
 * key for the key's whole window (an hour here), so a flood of made-up emails or addresses grew
 * it without bound. Beyond the budget the least recently counted key is forgotten: a client
 * still hammering stays recent and keeps its count. Keys carry their limiter's prefix.
 */
export function memoryStoreFor(config: Pick<Config, 'memory'>): LRUCache<string, CounterRecord> {
  let store = memoryStores.get(config as Config);
  if (!store) {
    store = new LRUCache<string, CounterRecord>({
      maxSize: Math.max(1, config.memory.rateLimitBytes),
      sizeCalculation: (_record, key) => 2 * key.length + COUNTER_OVERHEAD_BYTES,
      // Forgotten early: its expiry timer would only delete what is already gone.
      dispose: (record, _key, reason) => {
        if (reason === 'evict' && record.timeoutId) clearTimeout(record.timeoutId);
      },
    });
    memoryStores.set(config as Config, store);
  }
  return store;
}

/** A RateLimiterMemory whose counters live in `store` (memoryStoreFor) instead of its own Map. */
function boundedMemoryLimiter(opts: { keyPrefix: string; points: number; duration: number }, store: LRUCache<string, CounterRecord>): RateLimiterMemory {
  const limiter = new RateLimiterMemory(opts);
  // MemoryStorage reads and writes `_storage` with get/set/delete and iterates it as a Map
  // would: an LRUCache answers all of those (rate-limit.test.ts checks the library still does).
  (limiter as unknown as { _memoryStorage: { _storage: unknown } })._memoryStorage._storage = store;
  return limiter;
}

/**
 * A counter in Redis (with an in-process stand-in during an outage) or in process memory
 * (`store`: memoryStoreFor the configuration; without it, an unbounded Map of the library's).
 */
export function createLimiter(
  redis: Redis | undefined,
  name: string,
  opts: { points: number; duration: number },
  store?: LRUCache<string, CounterRecord>,
): RateLimiterAbstract {
  const inMemory = () => (store ? boundedMemoryLimiter({ keyPrefix: `rl:${name}`, ...opts }, store) : new RateLimiterMemory({ keyPrefix: `rl:${name}`, ...opts }));
  return redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `rl:${name}`,
        ...opts,
        // If Redis is unreachable, count in this process rather than refuse every sign-in.
        insuranceLimiter: inMemory(),
      })
    : inMemory();
}

function limitersFor(config: Config): Limiters {
  const cached = cache.get(config);
  if (cached) return cached;
  const redis = redisFor(config);
  const make = (name: string, opts: { points: number; duration: number }) => createLimiter(redis, name, opts, memoryStoreFor(config));
  const limiters = Object.fromEntries(
    Object.entries(RATE_LIMIT_POLICIES).map(([name, policy]) => [
      name,
      { ip: make(`${name}:ip`, policy.ip), email: make(`${name}:email`, policy.email) },
    ]),
  ) as unknown as Limiters; // fromEntries loses the key type; the keys are the policies above
  cache.set(config, limiters);
  return limiters;
}

export function rateLimitMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * Counts one attempt against the IP and the email; throws a DomainError with a clear message
 * when either is over its limit. An unknown IP (no socket, no forwarded header) is limited
 * by email only, rather than lumping every such caller into one shared bucket.
 */
export async function consumeRateLimit(
  config: Config,
  policy: RateLimitPolicy,
  keys: { ip?: string | null; email?: string | null },
): Promise<void> {
  const limiters = limitersFor(config)[policy];
  const attempts: Promise<unknown>[] = [];
  if (keys.ip) attempts.push(limiters.ip.consume(keys.ip));
  const email = keys.email?.trim().toLowerCase();
  if (email) attempts.push(limiters.email.consume(email));
  const results = await Promise.allSettled(attempts);
  for (const result of results) {
    if (result.status === 'rejected') {
      if (result.reason instanceof RateLimiterRes) {
        throw new DomainError(rateLimitMessage(result.reason.msBeforeNext / 1000));
      }
      throw result.reason;
    }
  }
}

