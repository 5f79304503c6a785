import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    isStaff: boolean().notNull().default(false),
    isSuperuser: boolean().notNull().default(false),
    isVerified: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    // Bumped on password change: tokens signed with an older version stop working.
    tokenVersion: integer().notNull().default(0),
    dateJoined: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);
