// Checked sessions kept per token in the process (docs/decisions/031-session-cache.md). Every
// signed-in request read its user's row to check the token (6 of a checkout's statements).
//
// Correctness first:
// - migration 0022's trigger NOTIFYs 'suki_users' with a user's id after each committed update or
//   delete of their row (password change or reset: tokenVersion; deactivation; role; name,
//   addresses), on every replica; `changed(id)` then drops that user's sessions, and
//   `changed('')` (a truncate, or a reconnected listener: anything may have changed) drops all;
// - a session read while any user changed is returned to its caller but not kept;
// - only sessions are kept, never a refusal (a forged, expired or revoked token is checked
//   again each time); a kept session still ends at its token's expiry;
// - nothing is kept before `start()`, which the process calls once it hears the notifications;
// - a write this process commits drops the user's sessions at once (`forgetSessionsOf`): on
//   PostgreSQL the notification comes back on the listener's own connection, possibly after the
//   mutation's answer has reached the browser and its next request has been served.
import { LRUCache } from 'lru-cache';
import type { Session } from './session';

export const USERS_CHANNEL = 'suki_users';

/** Safety net only: changes drop entries at once through the notifications. */
const TTL_MS = 60_000;
/** SESSION_CACHE_MB's default: the least recently used session goes first beyond it. */
const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;

type Entry = { session: Session; expiresAtMs: number; at: number };

/** What a token check found: the session and when the token expires (ms since the epoch). */
export type CheckedSession = { session: Session; expiresAtMs: number } | null;

export type SessionCache = {
  /**
   * The session of `token`: kept, or `check`'s answer (kept when it is a session and no user
   * changed while it was read).
   */
  session(token: string, check: () => Promise<CheckedSession>, now?: number): Promise<Session | null>;
  /** A committed change to the user with this id (the notification's payload); '' for anyone. */
  changed(payload: string): void;
  /** Turns the cache on: call once the users' change notifications are being received. */
  start(): void;
  /** Sessions kept now (tests, metrics). */
  size(): number;
  /** Changes heard so far: another process's write is seen here once its notification arrives. */
  changesHeard(): number;
};

/**
 * `maxBytes` bounds what is kept (SESSION_CACHE_MB): each entry is counted as its
 * token and its user row's JSON text at two bytes a character, plus the objects' overhead
 * (about 2.5 KB a session, so 4 MB keeps some 1,600 signed-in shoppers' checks).
 */
export function createSessionCache(clock: () => number = Date.now, maxBytes: number = DEFAULT_MAX_BYTES): SessionCache {
  const entries = new LRUCache<string, Entry>({ maxSize: Math.max(1, maxBytes) });
  let changes = 0;
  let started = false;

  return {
    async session(token, check, now = clock()) {
      const entry = entries.get(token);
      if (entry) {
        if (now < entry.expiresAtMs && now - entry.at < TTL_MS) return entry.session;
        entries.delete(token);
      }
      const before = changes;
      const checked = await check();
      if (!checked) return null;
      if (started && changes === before && now < checked.expiresAtMs) {
        // A frozen copy: one row serves many requests, none may alter it for the others.
        const size = 2 * (token.length + JSON.stringify(checked.session.row).length) + SESSION_OVERHEAD_BYTES;
        entries.set(token, { session: freeze(checked.session), expiresAtMs: checked.expiresAtMs, at: now }, { size });
      }
      return checked.session;
    },
    changed(payload) {
      changes += 1;
      if (payload === '') {
        entries.clear();
        return;
      }
      const id = Number(payload);
      const theirs = [...entries.entries()].filter(([, entry]) => entry.session.user.id === id);
      for (const [token] of theirs) entries.delete(token);
    },
    start() {
      started = true;
    },
    size: () => entries.size,
    changesHeard: () => changes,
  };
}

/** The session's objects besides the row's text: the user view, the entry, the LRU's slots. */
const SESSION_OVERHEAD_BYTES = 1024;

function freeze(session: Session): Session {
  Object.freeze(session.row);
  Object.freeze(session.user);
  return Object.freeze(session);
}

/**
 * Call after this process commits a change to a user's row: drops their kept sessions now, so the
 * next request (a password change's other sessions, a renamed `me`) sees it whatever the
 * notification's delay. Other processes still hear of it through the notification.
 */
export function forgetSessionsOf(ctx: { sessionCache?: SessionCache }, userId: number): void {
  ctx.sessionCache?.changed(String(userId));
}
