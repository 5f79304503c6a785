// Single-use, expiring secrets for email verification and password reset. The database keeps
// only SHA-256 hashes; the raw values exist only in the email.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountTokens } from './accounts.tables';

export type TokenPurpose = 'verify_email' | 'reset_password';

export const VERIFY_EMAIL_HOURS = 24;
export const RESET_PASSWORD_MINUTES = 60;
/** Wrong confirmation keys allowed per verification before it is burnt (a 6-digit code is guessable). */
export const MAX_CODE_ATTEMPTS = 5;

export const hashSecret = (value: string) => createHash('sha256').update(value.trim()).digest('hex');

/** The uid of the links: the user id in base64url, as Django-style reset links carry it. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
export function decodeUid(uid: string | null | undefined): number | null {
  if (!uid) return null;
  const id = Number(Buffer.from(uid, 'base64url').toString('utf8'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Issues a new secret for the purpose, burning the user's earlier unused ones (only the newest
 * email works). Returns the raw token and, for verification, the 6-digit confirmation key.
 */
export async function issueAccountToken(
  db: Database,
  user: { id: number; email: string },
  purpose: TokenPurpose,
  now: Date = new Date(),
): Promise<{ token: string; code: string | null; uid: string; expiresAt: Date }> {
  await burnAccountTokens(db, user.id, purpose, now);
  const token = randomBytes(32).toString('base64url');
  const code = purpose === 'verify_email' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
  const lifetimeMs = purpose === 'verify_email' ? VERIFY_EMAIL_HOURS * 3600_000 : RESET_PASSWORD_MINUTES * 60_000;
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await db.insert(accountTokens).values({
    userId: user.id,
    purpose,
    tokenHash: hashSecret(token),
    codeHash: code ? hashSecret(code) : null,
    email: user.email.toLowerCase(),
    createdAt: now,
    expiresAt,
  });
  return { token, code, uid: encodeUid(user.id), expiresAt };
}

export async function burnAccountTokens(db: Database, userId: number, purpose: TokenPurpose, now: Date = new Date()) {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** The user's live (unused, unexpired) token of this purpose: the newest, since issuing burns older ones. */
export async function liveAccountToken(db: Database, userId: number, purpose: TokenPurpose, now: Date = new Date()) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks the token used if, and only if, it is still unused: of two concurrent redemptions
 * exactly one wins.
 */
export async function redeemAccountToken(db: Database, id: number, now: Date = new Date()): Promise<boolean> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return rows.length === 1;
}

export async function countFailedAttempt(db: Database, id: number, attempts: number, now: Date = new Date()) {
  await db
    .update(accountTokens)
    .set({ attempts: attempts + 1, ...(attempts + 1 >= MAX_CODE_ATTEMPTS ? { usedAt: now } : {}) })
    .where(eq(accountTokens.id, id));
}
