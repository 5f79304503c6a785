// Rate limits for abuse-prone calls (sign-in, sign-up, password reset, verification resends).
// Counters live in process memory by default and in Redis when REDIS_URL is set, so that
// several replicas share them.
import { Redis } from 'ioredis';
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
 * only a flood. Sign-in has its own throttle (accounts/sign-in-throttle.ts).
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
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    // ioredis reconnects by itself and the insurance limiter covers the gap; without a
    // listener, each failed reconnect would be reported as an unhandled error event.
    redis.on('error', () => undefined);
    redisClients.set(config.redisUrl, redis);
  }
  return redis;
}

/** A counter in Redis (with an in-process stand-in during an outage) or in process memory. */
export function createLimiter(
  redis: Redis | undefined,
  name: string,
  opts: { points: number; duration: number },
): RateLimiterAbstract {
  return redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `rl:${name}`,
        ...opts,
        // If Redis is unreachable, count in this process rather than refuse every sign-in.
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `rl:${name}`, ...opts }),
      })
    : new RateLimiterMemory({ keyPrefix: `rl:${name}`, ...opts });
}

function limitersFor(config: Config): Limiters {
  const cached = cache.get(config);
  if (cached) return cached;
  const redis = redisFor(config);
  const make = (name: string, opts: { points: number; duration: number }) => createLimiter(redis, name, opts);
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

