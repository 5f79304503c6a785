// Sign-in throttling (OWASP ASVS 2.2.1). Wrong passwords slow down the
// one who types them, not the account's owner:
// - failures count per (account, client), where the client is a trusted device (one that has
//   signed in to this account before: a signed device token) or else the IP address; after a
//   few free tries each further failure blocks that pair for longer, up to 15 minutes;
// - an account takes at most 100 failures an hour from untrusted clients, an IP 1,000 (many
//   shoppers share one address behind carrier-grade NAT);
// - a trusted device is never refused by the account or IP ceilings, so the owner's right
//   password always gets through from a phone they have used before.
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../../config';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { createLimiter, memoryStoreFor, rateLimitMessage, redisFor } from '../../lib/rate-limit';

export const SIGN_IN_LIMITS = {
  /** Failures in a row per (account, client) before delays start. */
  freeFailures: 5,
  /** The first delay, doubled with each further failure. */
  firstDelaySeconds: 15,
  maxDelaySeconds: 15 * 60,
  accountFailuresPerHour: 100,
  ipFailuresPerHour: 1000,
} as const;

const HOUR = 60 * 60;

type Limiters = {
  /** Failures in a row per (account, client): the count that sets the delay. */
  pairFailures: RateLimiterAbstract;
  /** The current delay per (account, client), set with block(). */
  pairDelay: RateLimiterAbstract;
  accountFailures: RateLimiterAbstract;
  ipFailures: RateLimiterAbstract;
};

const cache = new WeakMap<Config, Limiters>();

function limitersFor(config: Config): Limiters {
  let limiters = cache.get(config);
  if (!limiters) {
    const redis = redisFor(config);
    const store = memoryStoreFor(config);
    limiters = {
      pairFailures: createLimiter(redis, 'signin:pair', { points: 1_000_000, duration: HOUR }, store),
      pairDelay: createLimiter(redis, 'signin:delay', { points: 1, duration: 1 }, store),
      accountFailures: createLimiter(redis, 'signin:account', { points: SIGN_IN_LIMITS.accountFailuresPerHour, duration: HOUR }, store),
      ipFailures: createLimiter(redis, 'signin:ip', { points: SIGN_IN_LIMITS.ipFailuresPerHour, duration: HOUR }, store),
    };
    cache.set(config, limiters);
  }
  return limiters;
}

/** Who is signing in: the account's email, and the device id when a device token vouches for it. */
export type SignInAttempt = { email: string; trustedDeviceId: string | null };

function pairKey(ctx: ServiceContext, attempt: SignInAttempt): string {
  const client = attempt.trustedDeviceId ? `device:${attempt.trustedDeviceId}` : `ip:${ctx.clientIp ?? 'unknown'}`;
  return `${attempt.email}|${client}`;
}

/** The delay after the n-th failure in a row: none for the free tries, then doubling. */
export function delayAfterFailures(failures: number): number {
  const beyond = failures - SIGN_IN_LIMITS.freeFailures;
  if (beyond <= 0) return 0;
  return Math.min(SIGN_IN_LIMITS.firstDelaySeconds * 2 ** (beyond - 1), SIGN_IN_LIMITS.maxDelaySeconds);
}

const refuse = (msBeforeNext: number) => new DomainError(rateLimitMessage(msBeforeNext / 1000), 'email');

/** Throws the rate-limit message when this attempt must wait; checks before the password. */
export async function assertMaySignIn(ctx: ServiceContext, attempt: SignInAttempt): Promise<void> {
  const limiters = limitersFor(ctx.config);
  const delay = await limiters.pairDelay.get(pairKey(ctx, attempt));
  if (delay && delay.consumedPoints > limiters.pairDelay.points) throw refuse(delay.msBeforeNext);
  if (attempt.trustedDeviceId) return;
  const account = await limiters.accountFailures.get(attempt.email);
  if (account && account.consumedPoints >= limiters.accountFailures.points) throw refuse(account.msBeforeNext);
  if (ctx.clientIp) {
    const ip = await limiters.ipFailures.get(ctx.clientIp);
    if (ip && ip.consumedPoints >= limiters.ipFailures.points) throw refuse(ip.msBeforeNext);
  }
}

/** Counts a wrong password; from the free tries on, the pair waits longer each time. */
export async function recordSignInFailure(ctx: ServiceContext, attempt: SignInAttempt): Promise<void> {
  const limiters = limitersFor(ctx.config);
  const key = pairKey(ctx, attempt);
  const { consumedPoints } = await limiters.pairFailures.consume(key);
  const seconds = delayAfterFailures(consumedPoints);
  if (seconds > 0) await limiters.pairDelay.block(key, seconds);
  if (attempt.trustedDeviceId) return;
  // Over the ceiling, consume() rejects; the count is what matters, so that is fine.
  await limiters.accountFailures.consume(attempt.email).catch(() => undefined);
  if (ctx.clientIp) await limiters.ipFailures.consume(ctx.clientIp).catch(() => undefined);
}

/** A right password ends the pair's run of failures (the account's hourly count stays). */
export async function recordSignInSuccess(ctx: ServiceContext, attempt: SignInAttempt): Promise<void> {
  const limiters = limitersFor(ctx.config);
  const key = pairKey(ctx, attempt);
  await Promise.all([limiters.pairFailures.delete(key), limiters.pairDelay.delete(key)]);
}
