import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The seller's registered details (one row, id 1): common/compliance/seller-details.ts says
 * what each is for. A change notifies every process like a catalogue change (the footer of every
 * stored page shows them).
 */
export const sellerDetails = pgTable('seller_details', {
  id: integer().primaryKey(),
  registeredName: text().notNull().default(''),
  tradeName: text().notNull().default(''),
  tin: text().notNull().default(''),
  branchCode: text().notNull().default('00000'),
  businessAddress: text().notNull().default(''),
  vatRegistered: boolean().notNull().default(true),
  registrationNumber: text().notNull().default(''),
  contactEmail: text().notNull().default(''),
  contactPhone: text().notNull().default(''),
  dataProtectionOfficerName: text().notNull().default(''),
  dataProtectionOfficerEmail: text().notNull().default(''),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
