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
export const RATE_LIMIT_POLICIES = {
  tokenCreate: { ip: { points: 30, duration: 15 * 60 }, email: { points: 10, duration: 15 * 60 } },
  accountRegister: { ip: { points: 10, duration: 60 * 60 }, email: { points: 5, duration: 60 * 60 } },
  forgotPassword: { ip: { points: 10, duration: 60 * 60 }, email: { points: 3, duration: 60 * 60 } },
  resendEmailVerification: { ip: { points: 10, duration: 60 * 60 }, email: { points: 3, duration: 60 * 60 } },
  // Guessing a 6-digit code: a few tries per hour per account and per IP.
  verifyEmail: { ip: { points: 30, duration: 60 * 60 }, email: { points: 10, duration: 60 * 60 } },
} as const;
export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

type Limiters = Record<RateLimitPolicy, { ip: RateLimiterAbstract; email: RateLimiterAbstract }>;

// One set per configuration object: the process has one; each test API gets fresh counters.
const cache = new WeakMap<Config, Limiters>();
const redisClients = new Map<string, Redis>();

function limitersFor(config: Config): Limiters {
  const cached = cache.get(config);
  if (cached) return cached;
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = redisClients.get(config.redisUrl);
    if (!redis) {
      // One retry per command: during a Redis outage the insurance limiter below takes over
      // quickly instead of requests hanging.
      redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
      // ioredis reconnects by itself and the insurance limiter covers the gap; without a
      // listener, each failed reconnect would be reported as an unhandled error event.
      redis.on('error', () => undefined);
      redisClients.set(config.redisUrl, redis);
    }
  }
  const make = (name: string, opts: { points: number; duration: number }) =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `rl:${name}`,
          ...opts,
          // If Redis is unreachable, count in this process rather than refuse every sign-in.
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: `rl:${name}`, ...opts }),
        })
      : new RateLimiterMemory({ keyPrefix: `rl:${name}`, ...opts });
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

/** Forgets the email's count (after a successful sign-in, so typos earlier do not pile up). */
export async function resetRateLimit(config: Config, policy: RateLimitPolicy, email: string): Promise<void> {
  await limitersFor(config)[policy].email.delete(email.trim().toLowerCase());
}
