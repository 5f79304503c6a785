// The per-request context every resolver and service receives.
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { TableCache } from '../db/table-cache';
import type { Session, SessionUser } from '../modules/accounts/session';
import type { SessionCache } from '../modules/accounts/session-cache';

export type ServiceContext = {
  db: Database;
  config: Config;
  log: Logger;
  /** The signed-in user, or null for a visitor. */
  user: SessionUser | null;
  requestId: string;
  /** The client's IP address (for rate limits); null when unknown. */
  clientIp?: string | null;
  /** The browser's device id (from its device cookie, any account); null when unknown. */
  deviceId?: string | null;
  /** Settings tables read once per process and dropped on change (db/table-cache.ts); absent: read each time. */
  tableCache?: TableCache;
  /** Checked sessions kept per token (modules/accounts/session-cache.ts); a service that changes a user's row drops theirs. */
  sessionCache?: SessionCache;
};

export type GraphQLContext = ServiceContext & {
  /** The raw session token, when the request carried one (cookie or bearer header). */
  token: string | null;
  /** A trusted-device token from an earlier sign-in (cookie `device` or header `x-suki-device`). */
  deviceToken: string | null;
  /**
   * The signed-in user's row as read when the token was checked, so that `me` needs no second
   * read; a mutation that acts as another account replaces it.
   */
  sessionRow?: Session['row'] | null;
};

export const TOKEN_COOKIE = 'token';

/** The session token from `Authorization: Bearer ...`, else from the `token` cookie. */
export function readToken(headers: Pick<Headers, 'get'>): string | null {
  const auth = headers.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || null;
  return readCookie(headers, TOKEN_COOKIE);
}

/** The trusted-device token from the `x-suki-device` header, else from the `device` cookie. */
export function readDeviceToken(headers: Headers): string | null {
  return headers.get('x-suki-device')?.trim() || readCookie(headers, 'device');
}

function readCookie(headers: Pick<Headers, 'get'>, wanted: string): string | null {
  const cookie = headers.get('cookie');
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === wanted) {
      try {
        return decodeURIComponent(rest.join('=')) || null;
      } catch {
        return null; // a malformed %-escape is no token
      }
    }
  }
  return null;
}
