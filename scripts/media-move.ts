// npm run media:move -- --from datadir --to postgres: copies every stored file from one storage
// driver to another (datadir, postgres, s3), then STORAGE_DRIVER may be switched to the target
// (docs/operations.md, "Files"). Safe to run again: files already there are skipped. With the
// embedded database, stop the shop first (PGlite serves one process).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { createDataDirStorage } from '../server/storage/datadir-storage';
import { mediaDirOf, STORAGE_DRIVERS, type FileStorage, type StorageDriver } from '../server/storage/file-storage';
import { moveFiles } from '../server/storage/move-files';
import { createPostgresStorage } from '../server/storage/postgres-storage';
import { createS3Storage } from '../server/storage/s3-storage';

const USAGE = 'usage: npm run media:move -- --from datadir|postgres|s3 --to datadir|postgres|s3';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  const from = values.from as StorageDriver;
  const to = values.to as StorageDriver;
  if (!STORAGE_DRIVERS.includes(from) || !STORAGE_DRIVERS.includes(to) || from === to) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  let database: DatabaseHandle | undefined;
  const storage = async (driver: StorageDriver): Promise<FileStorage> => {
    if (driver === 'datadir') return createDataDirStorage(mediaDirOf(config.dataDir));
    if (driver === 's3') {
      if (!config.storage.s3) throw new ConfigError('S3_BUCKET (and the other S3_* settings) must be set to move files to or from S3');
      return createS3Storage(config.storage.s3);
    }
    database ??= await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite'), sharedBuffers: config.pgliteSharedBuffers },
    );
    await migrateDatabase(database);
    return createPostgresStorage(database.db);
  };
  try {
    const [source, target] = [await storage(from), await storage(to)];
    const started = performance.now();
    const report = await moveFiles(source, target);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Moved ${from} -> ${to}: ${report.copied} files copied (${(report.bytesCopied / 1_048_576).toFixed(1)} MB), ${report.alreadyThere} already there, in ${seconds} s.`,
    );
    console.log(`The ${from} files were left in place. Set STORAGE_DRIVER=${to} on every replica to serve from ${to}.`);
    return 0;
  } finally {
    await database?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`media:move failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
