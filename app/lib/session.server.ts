// The session cookie: HttpOnly, SameSite=Lax, Secure on https, 30 days (docs/product/accounts.md#sign-in, docs/decisions/007-accounts.md).
const TOKEN_COOKIE = 'token';
const THIRTY_DAYS = 30 * 24 * 60 * 60;

export function sessionCookie(token: string, secure: boolean): string {
  return `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${THIRTY_DAYS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function expiredSessionCookie(secure: boolean): string {
  return `${TOKEN_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const DEVICE_COOKIE = 'device';
const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * The trusted-device cookie from tokenCreate's deviceToken: it tells sign-in throttling that
 * this browser has signed in before, so wrong passwords typed elsewhere never lock it out.
 */
export function deviceCookie(deviceToken: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${encodeURIComponent(deviceToken)}; Max-Age=${ONE_YEAR}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
