// Trusted-device tokens: after a sign-in, the browser keeps a signed note "this device has
// signed in to account N" (a long-lived HttpOnly cookie), so that sign-in throttling can tell
// the owner's phone from an attacker's. The key is derived from the session secret but is a
// different key, so a device token can never pass as a session token.
import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const DEVICE_COOKIE = 'device';
export const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const deviceKey = (secret: string) => createHash('sha256').update(`suki-device-token:${secret}`).digest();

export async function signDeviceToken(userId: number, secret: string, deviceId: string = randomUUID()): Promise<string> {
  return new SignJWT({ did: deviceId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_MAX_AGE_SECONDS}s`)
    .sign(deviceKey(secret));
}

/** The device id when `token` is a valid device token for this user; null otherwise. */
export async function trustedDeviceId(token: string | null | undefined, userId: number, secret: string): Promise<string | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, deviceKey(secret), { algorithms: ['HS256'] });
    return payload.sub === String(userId) && typeof payload.did === 'string' ? payload.did : null;
  } catch {
    return null;
  }
}

/**
 * The device id in any valid device token, whoever it was issued to: the browser's identity
 * across the accounts signed in on it (the referral fraud rules count accounts per device).
 * Grants no trust: throttling uses trustedDeviceId, which also checks the account.
 */
export async function deviceIdOf(token: string | null | undefined, secret: string): Promise<string | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, deviceKey(secret), { algorithms: ['HS256'] });
    return typeof payload.did === 'string' ? payload.did : null;
  } catch {
    return null;
  }
}
