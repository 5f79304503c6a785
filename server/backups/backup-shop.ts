// `npm run backup` (scripts/backup.ts): a backup of the shop now, from outside its process.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { dataDirLocked, DataDirInUseError } from '../db/data-dir-lock';
import { BackupError, pgliteDirOf, pruneBackups, takeBackup } from './backup-archive';

/**
 * Writes a backup and prunes to BACKUP_KEEP. PostgreSQL is copied by pg_dump while the shop runs.
 * The embedded database serves one process: while the shop holds it this refuses, in one line
 * (the shop's own nightly job copies it then; docs/decisions/047-backups.md).
 */
export async function backupShop(config: Config): Promise<{ file: string; removed: string[] }> {
  let file: string;
  if (config.databaseUrl) {
    file = await takeBackup({ driver: 'postgres', url: config.databaseUrl }, { dataDir: config.dataDir });
  } else {
    const dir = pgliteDirOf(config.dataDir);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`there is no embedded database in ${dir} to back up (is DATA_DIR right?)`);
    const running = new BackupError(
      `the shop is running on ${config.dataDir} (DATA_DIR) and holds its embedded database, which serves one process: ` +
        `the shop backs itself up every night (BACKUP_TIME); to back up now, stop it first`,
    );
    if (await dataDirLocked(dir)) throw running;
    const database = await openDatabase({ pgliteDir: dir, sharedBuffers: config.pgliteSharedBuffers, preparedStatements: config.pglitePreparedStatements }).catch((error: unknown) => {
      throw error instanceof DataDirInUseError ? running : error;
    });
    try {
      file = await takeBackup({ driver: 'pglite', dumpDataDir: database.dumpDataDir! }, { dataDir: config.dataDir });
    } finally {
      await database.close();
    }
  }
  return { file, removed: await pruneBackups(config.dataDir, config.backup.keep) };
}
