// The PostgreSQL driver's table: one row per stored file (docs/decisions/048-file-storage-drivers.md).
import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const storedFiles = pgTable('stored_files', {
  key: text().primaryKey(),
  bytes: bytea().notNull(),
  size: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
