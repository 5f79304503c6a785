// With the PostgreSQL storage driver the stored files are rows of the database, so the backup's
// database copy holds them: back up, wipe, restore, and the same bytes come back (on each database).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { backupsDir, listBackups, pgliteDirOf, restoreBackup } from '../backups/backup-archive';
import { nightlyBackupJob } from '../backups/nightly-backup';
import { openDatabase } from '../db/client';
import { silentLog } from '../jobs/job-testing';
import { createTestApi, type TestApi } from '../testing/test-api';
import { databaseUrl, testDriver } from '../testing/test-database';
import { mediaDirOf, storageOf } from './file-storage';
import { createPostgresStorage } from './postgres-storage';
import { storedFiles } from './storage.tables';

const driver = testDriver();
let t: TestApi;
let config: Config;

beforeAll(async () => {
  t = await createTestApi({ storage: { driver: 'postgres', s3: null } });
  config = { ...t.config, databaseUrl: driver === 'postgres' ? databaseUrl(t.database.name) : undefined };
});
afterAll(async () => {
  await t?.close();
});

describe(`a backup with the postgres storage driver (${driver})`, () => {
  it('holds the stored files in its database copy, and a restore brings the same bytes back', async () => {
    const bytes = randomBytes(40_000);
    await storageOf({ config, db: t.db }).put('proofs/5-0123456789abcdef0123456789abcdef.webp', bytes);
    expect(existsSync(mediaDirOf(config.dataDir))).toBe(false); // nothing on disk to copy

    await nightlyBackupJob.handler({}, { db: t.db, config, log: silentLog(), jobId: 'test-nightly', retryCount: 0, dumpDataDir: t.database.dumpDataDir });
    const [name] = await listBackups(config.dataDir);
    const file = path.join(backupsDir(config.dataDir), name!);

    await t.db.delete(storedFiles);
    if (driver === 'postgres') await t.database.executeSql('DROP SCHEMA public, drizzle, pgboss CASCADE; CREATE SCHEMA public');
    await restoreBackup(file, { dataDir: config.dataDir, databaseUrl: config.databaseUrl, force: true });

    const restored = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: pgliteDirOf(config.dataDir) });
    try {
      const back = await createPostgresStorage(restored.db).get('proofs/5-0123456789abcdef0123456789abcdef.webp');
      expect(back?.bytes.equals(bytes)).toBe(true);
    } finally {
      await restored.close();
    }
  });
});
