// A backup of the shop is one .tar.gz under DATA_DIR/backups holding the database (PGlite's data
// dir as it dumps it, or pg_dump's custom format) and the files DATA_DIR keeps besides it: the
// uploaded and generated images, and the secrets generated there. Restoring one puts all of it
// back. docs/decisions/047-backups.md says why it is made this way; docs/operations/backups.md
// how to use it.
import { execFile } from 'node:child_process';
import { createWriteStream, existsSync, openAsBlob, readdirSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { dataDirLocked, DataDirInUseError, lockDataDir } from '../db/data-dir-lock';

const execFileAsync = promisify(execFile);

/** A backup or restore that cannot go on, told in one line the shop owner can act on. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Where backups are written, and where the nightly job keeps the newest BACKUP_KEEP. */
export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/** The embedded database's directory inside DATA_DIR (as server/main.ts opens it). */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * What DATA_DIR holds besides the database that a restored shop needs: the images (uploads,
 * avatars, proofs of billing, the generated art) and the secrets generated on first start (without
 * the same VAPID keys every browser's push subscription stops working; without the JWT secret
 * everyone is signed out).
 */
export const KEPT_FILES = ['media', 'jwt-secret', 'sandbox-webhook-secret', 'vapid-keys.json'] as const;

/** The schemas the shop's migrations create on PostgreSQL: the tables, drizzle's journal, the jobs. */
const SHOP_SCHEMAS = ['public', 'drizzle', 'pgboss'] as const;

const MANIFEST = 'suki-backup.json';
const PGLITE_DUMP = 'database.pglite.tar';
const POSTGRES_DUMP = 'database.pgdump';
const FILES = 'files';

type Manifest = { format: 1; driver: 'pglite' | 'postgres'; createdAt: string };

/** The database to copy: the running PGlite's own dump, or a PostgreSQL server reached by pg_dump. */
export type BackupSource = { driver: 'pglite'; dumpDataDir: () => Promise<Blob> } | { driver: 'postgres'; url: string };

export type BackupKind = 'backup' | 'before-restore';

/** `suki-backup-2026-11-27T19-00-00-000Z.tar.gz`: names sort by time. */
export function backupFileName(at: Date, kind: BackupKind = 'backup'): string {
  return `suki-${kind}-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/** The regular backups, which pruning counts; the copies a restore makes of what it replaced are never pruned. */
const REGULAR_BACKUP = /^suki-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/;

/**
 * Writes a backup and returns its path. The archive appears under its final name only once
 * complete, readable by its owner only (it holds customers' data and the shop's secrets).
 */
export async function takeBackup(source: BackupSource, options: { dataDir: string; at?: Date; kind?: BackupKind }): Promise<string> {
  const dir = backupsDir(options.dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupFileName(options.at ?? new Date(), options.kind));
  const partial = `${file}.partial`;
  const staging = await mkdtemp(path.join(dir, '.staging-'));
  try {
    // The database first, the files after: an image is written before the row that names it
    // (catalogue-staff-media.service.ts), so every row in the copy finds its files.
    const databaseEntry = source.driver === 'pglite' ? PGLITE_DUMP : POSTGRES_DUMP;
    if (source.driver === 'pglite') {
      const dump = await source.dumpDataDir();
      await pipeline(Readable.fromWeb(dump.stream() as WebReadableStream), createWriteStream(path.join(staging, databaseEntry)));
    } else {
      await pgDump(source.url, path.join(staging, databaseEntry));
    }
    const manifest: Manifest = { format: 1, driver: source.driver, createdAt: new Date().toISOString() };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // Links to DATA_DIR's files, followed by tar, rather than copies of every image.
    await mkdir(path.join(staging, FILES));
    for (const name of KEPT_FILES) {
      const from = path.join(options.dataDir, name);
      if (existsSync(from)) await symlink(from, path.join(staging, FILES, name));
    }
    // tar is loaded with the first backup (docs/operations/memory-and-overload.md: modules no request needs).
    const tar = await import('tar');
    await tar.create({ gzip: true, file: partial, cwd: staging, follow: true, portable: true }, [MANIFEST, databaseEntry, FILES]);
    await chmod(partial, 0o600);
    await rename(partial, file);
    return file;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** Deletes the oldest regular backups beyond the newest `keep`; returns the names deleted. */
export async function pruneBackups(dataDir: string, keep: number): Promise<string[]> {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  const newestFirst = (await readdir(dir)).filter((name) => REGULAR_BACKUP.test(name)).sort().reverse();
  const removed = newestFirst.slice(Math.max(keep, 1));
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed;
}

/** The regular backups in DATA_DIR/backups, newest first. */
export async function listBackups(dataDir: string): Promise<string[]> {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((name) => REGULAR_BACKUP.test(name)).sort().reverse();
}

export type RestoreTarget = {
  dataDir: string;
  /** PostgreSQL to restore into; unset: the embedded database in DATA_DIR. */
  databaseUrl?: string;
  /** PostgreSQL: restore although other sessions are connected to the database. */
  force?: boolean;
};

export type RestoreResult = {
  driver: 'pglite' | 'postgres';
  /** When the backup was taken. */
  createdAt: string;
  /** Where what the restore replaced was kept: a folder in DATA_DIR (PGlite) or a backup archive (PostgreSQL). */
  replacedKeptIn: string | null;
};

/**
 * Puts a backup's database and files in place of DATA_DIR's (and DATABASE_URL's). The shop must
 * be stopped: on PGlite the data dir's lock refuses otherwise; on PostgreSQL other sessions on the
 * database refuse it unless `force`. What is replaced is kept, never deleted.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  await mkdir(target.dataDir, { recursive: true });
  const driver = target.databaseUrl ? 'postgres' : 'pglite';
  let lockLost: Error | null = null;
  const running = new BackupError(`the shop is running on ${target.dataDir} (DATA_DIR) and holds its embedded database: stop it first, then restore`);
  // Checked first to refuse at once; taking the lock waits out one left by a killed process.
  if (driver === 'pglite' && (await dataDirLocked(pgliteDirOf(target.dataDir)))) throw running;
  const lock =
    driver === 'pglite'
      ? await lockDataDir(pgliteDirOf(target.dataDir), (error) => void (lockLost = error)).catch((error: unknown) => {
          throw error instanceof DataDirInUseError ? running : error;
        })
      : null;
  // Inside DATA_DIR, so that moving the restored files into place is a rename.
  const staging = await mkdtemp(path.join(target.dataDir, '.restore-'));
  try {
    const manifest = await unpack(file, staging);
    if (manifest.driver !== driver) {
      throw new BackupError(
        manifest.driver === 'pglite'
          ? 'this is a backup of the embedded database: restore it without DATABASE_URL'
          : 'this is a backup of a PostgreSQL database: restore it with DATABASE_URL set',
      );
    }
    const replacedKeptIn =
      target.databaseUrl === undefined
        ? await restoreEmbedded(staging, target.dataDir, () => lockLost)
        : await restorePostgres(staging, target.databaseUrl, target.dataDir, target.force ?? false);
    return { driver, createdAt: manifest.createdAt, replacedKeptIn };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await lock?.release();
  }
}

async function unpack(file: string, staging: string): Promise<Manifest> {
  try {
    const tar = await import('tar');
    await tar.extract({ file, cwd: staging, strict: true });
    const manifest = JSON.parse(await readFile(path.join(staging, MANIFEST), 'utf8')) as Partial<Manifest>;
    if (manifest.format !== 1 || (manifest.driver !== 'pglite' && manifest.driver !== 'postgres') || typeof manifest.createdAt !== 'string') {
      throw new Error('unknown manifest');
    }
    return manifest as Manifest;
  } catch (error) {
    throw new BackupError(`${file} is not a Suki backup, or it is damaged (${(error as Error).message})`);
  }
}

/** Returns the folder in DATA_DIR that now holds the replaced database and files (null: there were none). */
async function restoreEmbedded(staging: string, dataDir: string, lockLost: () => Error | null): Promise<string | null> {
  // Started once where it was unpacked: a copy that does not start never replaces the shop's.
  const loaded = path.join(staging, 'pglite');
  const database = await openDatabase({ pgliteDir: loaded, from: await openAsBlob(path.join(staging, PGLITE_DUMP)) });
  try {
    await database.ping();
  } finally {
    await database.close();
  }
  const lost = lockLost();
  if (lost) throw new BackupError(`the embedded database's lock was taken by another process, nothing was replaced (${lost.message})`);
  const aside = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const moved = await moveAside(dataDir, ['pglite', ...KEPT_FILES], aside);
  await rename(loaded, pgliteDirOf(dataDir));
  await moveFilesIn(staging, dataDir);
  return moved ? aside : null;
}

async function restorePostgres(staging: string, url: string, dataDir: string, force: boolean): Promise<string> {
  const restoreTool = pgTool('pg_restore');
  const dump = path.join(staging, POSTGRES_DUMP);
  // Read through once before anything is dropped.
  await runPgTool(restoreTool, ['--list', dump]);
  if (!force) {
    const others = await otherSessions(url);
    if (others > 0) {
      throw new BackupError(
        `${others} other session(s) are connected to the database: stop the shop (every replica) first, or restore with --force`,
      );
    }
  }
  const kept = await takeBackup({ driver: 'postgres', url }, { dataDir, kind: 'before-restore' });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`BEGIN; DROP SCHEMA IF EXISTS ${SHOP_SCHEMAS.join(', ')} CASCADE; CREATE SCHEMA public; COMMIT;`);
  } finally {
    await client.end();
  }
  try {
    await runPgTool(restoreTool, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', dump], url);
  } catch (error) {
    throw new BackupError(`pg_restore failed and the database is left empty; what it held is in ${kept} (${(error as Error).message})`);
  }
  for (const name of KEPT_FILES) await rm(path.join(dataDir, name), { recursive: true, force: true });
  await moveFilesIn(staging, dataDir);
  return kept;
}

/** Moves those of `names` that exist in `dataDir` into `aside`; true when any did. */
async function moveAside(dataDir: string, names: readonly string[], aside: string): Promise<boolean> {
  let moved = false;
  for (const name of names) {
    const from = path.join(dataDir, name);
    if (!existsSync(from)) continue;
    await mkdir(aside, { recursive: true });
    await rename(from, path.join(aside, name));
    moved = true;
  }
  return moved;
}

async function moveFilesIn(staging: string, dataDir: string): Promise<void> {
  const files = path.join(staging, FILES);
  if (!existsSync(files)) return;
  for (const name of await readdir(files)) {
    if (!(KEPT_FILES as readonly string[]).includes(name)) continue;
    await rename(path.join(files, name), path.join(dataDir, name));
  }
}

async function otherSessions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

async function pgDump(url: string, file: string): Promise<void> {
  await runPgTool(pgTool('pg_dump'), ['--format=custom', `--file=${file}`], url);
}

/**
 * Where pg_dump or pg_restore is: on the PATH, else the newest of Debian's and Ubuntu's
 * /usr/lib/postgresql/<version>/bin. Null when not installed.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v)) : [];
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const candidate = path.join('/usr/lib/postgresql', version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const found = findPgTool(name);
  if (!found) {
    throw new BackupError(
      `${name} is not installed, and backing up or restoring PostgreSQL needs it: install the PostgreSQL client tools of the server's version or newer (Debian: apt-get install postgresql-client)`,
    );
  }
  return found;
}

/** Runs a PostgreSQL tool (on `url`), the password passed in the environment rather than on the command line. */
async function runPgTool(tool: string, args: string[], url?: string): Promise<void> {
  const env = { ...process.env };
  if (url) {
    const parsed = new URL(url);
    if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
    args = [...args, `--dbname=${parsed.toString()}`];
  }
  try {
    await execFileAsync(tool, args, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new BackupError(`${path.basename(tool)} failed: ${stderr.split('\n').slice(-3).join(' ') || (error as Error).message}`);
  }
}

/** The size of a file in MB, for the commands' messages. */
export async function megabytes(file: string): Promise<string> {
  return ((await stat(file)).size / (1024 * 1024)).toFixed(1);
}
