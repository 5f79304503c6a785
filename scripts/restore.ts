// npm run restore FILE: puts a backup's database and files in place of the shop's, which must be
// stopped; what it replaces is kept (docs/operations/backups.md). FILE is a path, or the name of
// a file in DATA_DIR/backups. `npm run restore -- FILE --force` restores into PostgreSQL although
// other sessions are connected to it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { BackupError, backupsDir, restoreBackup } from '../server/backups/backup-archive';

const args = process.argv.slice(2);
const force = args.includes('--force');
const [given] = args.filter((arg) => arg !== '--force');

try {
  if (!given) throw new BackupError('name the backup to restore: npm run restore -- FILE (a path, or a name in DATA_DIR/backups)');
  const config = loadConfig();
  const file = existsSync(given) ? path.resolve(given) : path.join(backupsDir(config.dataDir), given);
  const result = await restoreBackup(file, { dataDir: config.dataDir, databaseUrl: config.databaseUrl, force });
  console.log(`Restored ${file} (${result.driver === 'pglite' ? 'the embedded database' : 'PostgreSQL'} as it was at ${result.createdAt}).`);
  if (result.replacedKeptIn) console.log(`What it replaced is kept in ${result.replacedKeptIn}.`);
  console.log('Start the shop: it applies any migrations newer than the backup.');
} catch (error) {
  console.error(`Restore failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exitCode = 1;
}
