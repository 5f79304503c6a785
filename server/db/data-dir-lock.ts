// One process per embedded database directory. PGlite has no lock of its own: two processes
// on one directory both start and each overwrites what the other wrote (a sign-up was lost).
// proper-lockfile keeps a `<dir>.lock` directory whose time it refreshes while we live; a lock
// left by a killed process goes stale and is taken over after STALE_MS.
import lockfile from 'proper-lockfile';

/** A lock not refreshed for this long belongs to a process that is gone. */
const STALE_MS = 10_000;
const REFRESH_MS = 2_000;

export class DataDirInUseError extends Error {
  constructor(readonly dir: string) {
    super(
      `The embedded database in ${dir} (DATA_DIR) is in use by another Suki process, and it serves one process only. ` +
        'Stop the other one, or give this one its own DATA_DIR, or a DATABASE_URL.',
    );
    this.name = 'DataDirInUseError';
  }
}

export type DataDirLock = { release(): Promise<void> };

/**
 * Takes the directory's lock, waiting long enough for a lock left by a killed process to go
 * stale; refuses with DataDirInUseError while a living process holds it. `onLost` runs if the
 * lock is taken from us (our process stalled past STALE_MS): the caller should stop writing.
 */
export async function lockDataDir(dir: string, onLost: (error: Error) => void, waitMs = STALE_MS + 1000): Promise<DataDirLock> {
  try {
    const release = await lockfile.lock(dir, {
      stale: STALE_MS,
      update: REFRESH_MS,
      realpath: false,
      retries: { retries: Math.ceil(waitMs / 1000), factor: 1, minTimeout: 1000, maxTimeout: 1000 },
      onCompromised: onLost,
    });
    return { release: () => release().catch(() => undefined) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dir);
    throw error;
  }
}

/** Whether a living process holds the directory's lock (a lock gone stale does not count). */
export function dataDirLocked(dir: string): Promise<boolean> {
  return lockfile.check(dir, { stale: STALE_MS, realpath: false });
}
