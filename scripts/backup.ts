// npm run backup: writes a backup of the shop (its database and DATA_DIR's images and generated
// secrets) into DATA_DIR/backups and keeps the newest BACKUP_KEEP (docs/operations/backups.md).
import { loadConfig } from '../server/config';
import { BackupError, megabytes } from '../server/backups/backup-archive';
import { backupShop } from '../server/backups/backup-shop';

try {
  const config = loadConfig();
  const { file, removed } = await backupShop(config);
  console.log(`Backup written: ${file} (${await megabytes(file)} MB).`);
  if (removed.length > 0) console.log(`Removed the oldest beyond BACKUP_KEEP=${config.backup.keep}: ${removed.join(', ')}.`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exitCode = 1;
}
