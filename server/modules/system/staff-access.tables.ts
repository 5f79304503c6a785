// Staff: the permissions each staff member holds, and the log of what staff did (who, when).
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { STAFF_PERMISSIONS } from '../../../common/staff/permissions';

export const staffPermissions = pgTable(
  'staff_permissions',
  {
    // A user of the accounts module (no foreign key across modules).
    userId: integer().notNull(),
    permission: text({ enum: STAFF_PERMISSIONS }).notNull(),
    grantedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);

/**
 * Every back-office action, whoever did it and when: order transitions (also in the order's
 * status log), payment events, and later catalogue and content edits. Subjects are ids of other
 * domains, so no foreign keys.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: integer().notNull(),
    action: text().notNull(),
    subjectType: text().notNull(),
    subjectId: integer().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_actions_subject_idx').on(t.subjectType, t.subjectId, t.createdAt)],
);
