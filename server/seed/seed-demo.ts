// The demo shop: applied once, on the first start of a fresh database, never in live mode.
import '../modules/wiring';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { FileStorage } from '../storage/file-storage';
import { seedAccounts } from '../modules/accounts/accounts.seed';
import { seedSavedCards } from '../modules/payments/saved-cards/saved-cards.seed';
import { seedCatalogue } from './catalogue/catalogue.seed';
import { seedCheckout } from '../modules/checkout/checkout.seed';
import { seedContent } from '../modules/content/content.seed';
import { seedReferrals } from '../modules/referrals/referrals.seed';
import { seedReviews } from '../modules/reviews/reviews.seed';
import { writeSellerDetails } from '../modules/system/seller-details.service';
import { appMeta } from '../modules/system/system.tables';
import { CONTACT_EMAIL } from '../../common/shop-info';

export const DEMO_SEED_KEY = 'demo_seed';
/** The demo product reviewed by every reviewer: its reviews page with Load More (10 at a time). */
export const POPULAR_PRODUCT = 'Apple iPhone 16 Pro';

/** A made-up seller, so the demo's footer, invoices and certificates are complete. */
export const DEMO_SELLER_DETAILS = {
  registeredName: 'Suki Online Shop Inc.',
  tradeName: 'Suki',
  tin: '123-456-789',
  branchCode: '00000',
  businessAddress: '12F Demo Tower, 123 Ayala Avenue, Bel-Air, Makati City, Metro Manila 1209',
  vatStatus: 'VAT',
  registrationNumber: 'SEC CS202600001',
  contactEmail: CONTACT_EMAIL,
  contactPhone: '+63 2 8123 4567',
  dataProtectionOfficerName: 'Maria Clara Santos',
  dataProtectionOfficerEmail: 'privacy@suki.ph',
} as const;

export type SeedOptions = {
  products: number;
  log?: Logger;
  /** Where generated product, brand and banner images are stored (server/storage). */
  storage?: FileStorage;
};

/** Seeds the demo shop unless it was seeded before; returns whether it ran. */
export async function seedDemoOnce(db: Database, options: SeedOptions): Promise<boolean> {
  const done = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
  if (done.length > 0) return false;
  const started = performance.now();
  await db.transaction(async (tx) => {
    await seedDemo(tx, options);
    await tx.insert(appMeta).values({
      key: DEMO_SEED_KEY,
      value: { products: options.products, at: new Date().toISOString() },
    });
  });
  options.log?.info(
    { products: options.products, ms: Math.round(performance.now() - started) },
    'demo shop seeded',
  );
  return true;
}

/**
 * Everything the demo shop holds, in dependency order. Each module owns its own seed function
 * (server/modules/<module>/<module>.seed.ts) and this file only calls them in order:
 *   1. accounts  -> demo customer, staff and reviewer accounts (returns their ids)
 *   2. catalogue -> brands, categories, products, variants, tires, banners, reviews (by those users)
 *   3. checkout  -> shipping zones and rates, vouchers
 *   4. referrals -> the demo customer's own patrons (two level 1, one level 2)
 *   5. the seller's registered details (made up: a real shop enters its own on /staff/settings)
 */
export async function seedDemo(db: Database, options: SeedOptions): Promise<void> {
  const accounts = await seedAccounts(db);
  await seedSavedCards(db, accounts.customerId);
  const catalogue = await seedCatalogue(db, { products: options.products, storage: options.storage, log: options.log });
  await seedContent(db, {
    storage: options.storage,
    links: catalogue.links,
    productIdByName: catalogue.productIdByName,
    productIds: catalogue.productIds,
  });
  // The catalogue's reviews are signed by the accounts seed's reviewers.
  await seedReviews(db, {
    productIds: catalogue.productIds,
    reviewerIds: accounts.reviewerIds,
    popularProductId: catalogue.productIdByName.get(POPULAR_PRODUCT) ?? null,
  });
  await seedCheckout(db);
  await seedReferrals(db, { customerId: accounts.customerId, reviewerIds: accounts.reviewerIds });
  await writeSellerDetails(db, DEMO_SELLER_DETAILS);
}
