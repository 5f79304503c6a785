// Column sets that several domains store their own copies of (docs/decisions/004-domain-boundaries.md).
import { text } from 'drizzle-orm/pg-core';

/**
 * A Philippine postal address as the rulebook's Address entity has it (cityArea = barangay,
 * countryArea = province). A function, because Drizzle column builders belong to one table.
 */
export function postalAddressColumns() {
  return {
    type: text({ enum: ['SHIPPING', 'BILLING'] }).notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    companyName: text().notNull().default(''),
    streetAddress1: text().notNull(),
    streetAddress2: text().notNull().default(''),
    city: text().notNull(),
    cityArea: text().notNull().default(''),
    countryArea: text().notNull(),
    postalCode: text().notNull(),
    country: text().notNull().default('PH'),
    phone: text().notNull(),
  };
}
