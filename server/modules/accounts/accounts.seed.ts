// Demo accounts (docs/product/README.md#demo-shop): a verified customer with addresses and a parent
// commissioner, a staff superuser, and reviewer customers whose ids the catalogue seed uses.
// (The customer's saved sandbox card and referral history come with the payments and
// referrals modules' seeds.)
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { addresses, users } from './accounts.tables';
import { linkCommissioner } from './commissioner-link.service';
import { hashPassword } from './passwords';

export type AccountsSeed = {
  customerId: number;
  staffId: number;
  commissionerId: number;
  /** Customers who wrote the demo reviews. */
  reviewerIds: number[];
};

export const DEMO_CUSTOMER = { email: 'customer@example.com', password: 'customer123' } as const;
export const DEMO_STAFF = { email: 'staff@example.com', password: 'staff123' } as const;
export const DEMO_COMMISSIONER = { email: 'commissioner@example.com', password: 'commissioner123' } as const;

const REVIEWERS: [string, string][] = [
  ['Jose', 'Reyes'],
  ['Maria', 'Santos'],
  ['Juan', 'Dela Cruz'],
  ['Ana', 'Bautista'],
  ['Mark', 'Villanueva'],
  ['Kristine', 'Mendoza'],
  ['Paolo', 'Garcia'],
  ['Angelica', 'Ramos'],
  ['Carlo', 'Aquino'],
  ['Patricia', 'Castillo'],
  ['Miguel', 'Navarro'],
  ['Joy', 'Soriano'],
  ['Rafael', 'Domingo'],
  ['Camille', 'Torres'],
  ['Francis', 'Pascual'],
  ['Bea', 'Manalo'],
  ['Rico', 'Salazar'],
  ['Liza', 'Fernandez'],
  ['Enzo', 'Lim'],
  ['Nicole', 'Tan'],
  // Enough reviewers for one product to have more than 20 reviews (the product page's Load More).
  ['Andrea', 'Lopez'],
  ['Gabriel', 'Cruz'],
  ['Trisha', 'Gonzales'],
  ['Nathan', 'Flores'],
  ['Sofia', 'Rivera'],
  ['Daniel', 'Mercado'],
];

export async function seedAccounts(db: Database): Promise<AccountsSeed> {
  const [commissioner] = await db
    .insert(users)
    .values({
      email: DEMO_COMMISSIONER.email,
      passwordHash: await hashPassword(DEMO_COMMISSIONER.password),
      firstName: 'Teresa',
      middleName: 'Lopez',
      lastName: 'Gonzales',
      sex: 'F',
      birthday: '1985-06-12',
      isVerified: true,
    })
    .returning();

  const [customer] = await db
    .insert(users)
    .values({
      email: DEMO_CUSTOMER.email,
      passwordHash: await hashPassword(DEMO_CUSTOMER.password),
      firstName: 'Juan',
      middleName: 'Santos',
      lastName: 'Dela Cruz',
      sex: 'M',
      birthday: '1992-03-15',
      isVerified: true,
    })
    .returning();
  await linkCommissioner(db, customer.id, commissioner.referralCode, { issueVoucher: true });
  const base = {
    userId: customer.id,
    firstName: 'Juan',
    lastName: 'Dela Cruz',
    city: 'Makati City',
    countryArea: 'Metro Manila',
    country: 'PH',
    phone: '+639171234567',
  };
  const [shipping] = await db
    .insert(addresses)
    .values({ ...base, streetAddress1: '123 Ayala Avenue', streetAddress2: 'Unit 45B', cityArea: 'Poblacion', postalCode: '1210' })
    .returning();
  const [billing] = await db
    .insert(addresses)
    .values({ ...base, streetAddress1: '8 Jupiter Street', cityArea: 'Bel Air', postalCode: '1209' })
    .returning();
  await db
    .update(users)
    .set({ defaultShippingAddressId: shipping.id, defaultBillingAddressId: billing.id })
    .where(eq(users.id, customer.id));

  const [staff] = await db
    .insert(users)
    .values({
      email: DEMO_STAFF.email,
      passwordHash: await hashPassword(DEMO_STAFF.password),
      firstName: 'Staff',
      lastName: 'Suki',
      isStaff: true,
      isSuperuser: true,
      isVerified: true,
    })
    .returning();

  // Reviewers cannot sign in (no password): they exist only to sign the demo reviews.
  const reviewers = await db
    .insert(users)
    .values(
      REVIEWERS.map(([firstName, lastName], i) => ({
        email: `reviewer${String(i + 1).padStart(2, '0')}@example.com`,
        firstName,
        lastName,
        isVerified: true,
        dateJoined: new Date(Date.UTC(2024, i % 12, 1 + i)),
      })),
    )
    .returning({ id: users.id });

  return {
    customerId: customer.id,
    staffId: staff.id,
    commissionerId: commissioner.id,
    reviewerIds: reviewers.map((r) => r.id),
  };
}
