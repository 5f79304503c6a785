// Session tokens: signed JWTs that expire after 30 days and die when the password changes.
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Database } from '../../db/client';
import { users } from './accounts.tables';

export const SESSION_DAYS = 30;
export const SESSION_MAX_AGE_SECONDS = SESSION_DAYS * 24 * 60 * 60;

export type SessionUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isStaff: boolean;
  isSuperuser: boolean;
  isVerified: boolean;
};

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signSessionToken(
  user: { id: number; tokenVersion: number },
  secret: string,
  now: Date = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SESSION_MAX_AGE_SECONDS)
    .sign(key(secret));
}

/** The user a token belongs to, or null when it is forged, expired, revoked or the user is gone. */
export async function resolveSessionUser(
  db: Database,
  token: string,
  secret: string,
  now: Date = new Date(),
): Promise<SessionUser | null> {
  return (await resolveSession(db, token, secret, now))?.user ?? null;
}

/** A session: its user, and the user's row as read to check the token (`me` answers from it). */
export type Session = { user: SessionUser; row: typeof users.$inferSelect };

/** resolveSessionUser, also returning the row it read. */
export async function resolveSession(
  db: Database,
  token: string,
  secret: string,
  now: Date = new Date(),
): Promise<Session | null> {
  return (await checkSession(db, token, secret, now))?.session ?? null;
}

/** resolveSession, also returning when the token expires (the session cache keeps it no longer). */
export async function checkSession(
  db: Database,
  token: string,
  secret: string,
  now: Date = new Date(),
): Promise<{ session: Session; expiresAtMs: number } | null> {
  let subject: number;
  let version: unknown;
  let expiresAtMs: number;
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    subject = Number(payload.sub);
    version = payload.ver;
    // signSessionToken always sets it; a token without one is not kept past the TTL's check.
    expiresAtMs = typeof payload.exp === 'number' ? payload.exp * 1000 : now.getTime();
  } catch {
    return null;
  }
  if (!Number.isInteger(subject)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, subject)).limit(1);
  if (!row || !row.isActive || row.tokenVersion !== version) return null;
  return {
    expiresAtMs,
    session: {
      row,
      user: {
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        isStaff: row.isStaff,
        isSuperuser: row.isSuperuser,
        isVerified: row.isVerified,
      },
    },
  };
}
