// The PostgreSQL driver: each file is a row of stored_files, so every replica on the database
// sees a file the moment its row commits, and the database's backup holds the files
// (docs/decisions/048-file-storage-drivers.md). Used through the caller's handle: a write inside
// a transaction commits or rolls back with it.
import { eq, like, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { assertKey, contentTypeOf, type FileStorage } from './file-storage';
import { storedFiles } from './storage.tables';

/** Rows read per page by keys(): a move never holds every key in memory at once. */
const KEY_PAGE = 500;

export function createPostgresStorage(db: Database): FileStorage {
  return {
    driver: 'postgres',
    async put(key, bytes) {
      assertKey(key);
      await db
        .insert(storedFiles)
        .values({ key, bytes, size: bytes.length })
        .onConflictDoUpdate({ target: storedFiles.key, set: { bytes, size: bytes.length, createdAt: sql`now()` } });
    },
    async get(key) {
      assertKey(key);
      const [row] = await db.select({ bytes: storedFiles.bytes }).from(storedFiles).where(eq(storedFiles.key, key));
      return row ? { bytes: row.bytes, contentType: contentTypeOf(key) } : null;
    },
    async delete(key) {
      assertKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
    async deleteFolder(prefix) {
      assertKey(prefix);
      // Keys are plain segments (assertKey): '_' is the only LIKE wildcard they can hold.
      await db.delete(storedFiles).where(like(storedFiles.key, `${prefix.replaceAll('_', '\\_')}/%`));
    },
    async *keys() {
      let after = '';
      for (;;) {
        const rows = await db
          .select({ key: storedFiles.key })
          .from(storedFiles)
          .where(sql`${storedFiles.key} > ${after}`)
          .orderBy(storedFiles.key)
          .limit(KEY_PAGE);
        for (const row of rows) yield row.key;
        if (rows.length < KEY_PAGE) return;
        after = rows.at(-1)!.key;
      }
    },
  };
}
