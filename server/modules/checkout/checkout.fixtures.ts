// Test fixtures for checkout tests: customers, catalogue products and a ready checkout.
// Catalogue and accounts have no test helpers yet, so rows are inserted directly here (tests
// only); production code reaches those modules through their services.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import type { ServiceContext } from '../../graphql/context';
import { users, userVouchers } from '../accounts/accounts.tables';
import { signSessionToken, type SessionUser } from '../accounts/session';
import { brands, categories, products, productTypes, productVariants } from '../catalogue/catalogue.tables';
import type { TestApi } from '../../testing/test-api';
import { seedShippingZones } from './checkout.seed';
import { setAddress, setInsurance, setShippingMethod } from './checkout-delivery.service';
import { createCheckout } from './checkout-lines.service';
import { addPromoCode, createPayment } from './checkout-payment.service';

export type Customer = { user: SessionUser; token: string; ctx: ServiceContext };

const unique = () => randomBytes(4).toString('hex');

export async function createCustomer(
  api: TestApi,
  options: { verified?: boolean; email?: string } = {},
): Promise<Customer> {
  const email = options.email ?? `buyer-${unique()}@example.com`;
  const [row] = await api.db
    .insert(users)
    .values({ email, firstName: 'Juan', lastName: 'Dela Cruz', isVerified: options.verified ?? true })
    .returning();
  const user: SessionUser = {
    id: row!.id,
    email: row!.email,
    firstName: row!.firstName,
    lastName: row!.lastName,
    isStaff: false,
    isSuperuser: false,
    isVerified: row!.isVerified,
  };
  const token = await signSessionToken(row!, api.config.jwtSecret);
  return { user, token, ctx: api.serviceContext(user) };
}

export async function giveReferralVoucher(db: Database, userId: number, amount = 100_00): Promise<string> {
  const code = `REF-${unique().toUpperCase()}`;
  await db.insert(userVouchers).values({ userId, code, name: 'Commissioner Key discount', amount });
  return code;
}

type ProductOptions = {
  price: number;
  stock?: number;
  weightGrams?: number;
  isFreeShippingFee?: boolean;
  isPreOrder?: boolean;
  isInstallmentReady?: boolean;
  isPublished?: boolean;
};

const bases = new WeakMap<Database, { typeId: number; categoryId: number; brandId: number }>();

/** A published product with one variant; returns the variant id. */
export async function createVariant(db: Database, options: ProductOptions): Promise<number> {
  let catalogueBase = bases.get(db);
  if (!catalogueBase) {
    const [type] = await db
      .insert(productTypes)
      .values({ name: 'Phone', slug: `phone-${unique()}` })
      .returning();
    const [category] = await db
      .insert(categories)
      .values({ name: 'Mobile Phones', slug: `phones-${unique()}` })
      .returning();
    const [brand] = await db
      .insert(brands)
      .values({ name: 'Suki', slug: `suki-${unique()}` })
      .returning();
    catalogueBase = { typeId: type!.id, categoryId: category!.id, brandId: brand!.id };
    bases.set(db, catalogueBase);
  }
  const slug = `product-${unique()}`;
  const [product] = await db
    .insert(products)
    .values({
      name: `Phone ${slug}`,
      slug,
      productTypeId: catalogueBase.typeId,
      categoryId: catalogueBase.categoryId,
      brandId: catalogueBase.brandId,
      basePrice: options.price,
      minPrice: options.price,
      maxPrice: options.price,
      weightGrams: options.weightGrams ?? 0,
      isFreeShippingFee: options.isFreeShippingFee ?? false,
      isPreOrder: options.isPreOrder ?? false,
      isInstallmentReady: options.isInstallmentReady ?? false,
      isPublished: options.isPublished ?? true,
    })
    .returning();
  const [variant] = await db
    .insert(productVariants)
    .values({
      productId: product!.id,
      name: 'Black 128GB',
      sku: `SKU-${unique()}`,
      stockQuantity: options.stock ?? 100,
    })
    .returning();
  return variant!.id;
}

export async function seedZones(db: Database): Promise<void> {
  await seedShippingZones(db);
}

export const ADDRESS = {
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  companyName: '',
  streetAddress1: '123 Rizal Street',
  streetAddress2: '',
  cityArea: 'Poblacion',
  city: 'Makati City',
  countryArea: 'Metro Manila',
  postalCode: '1210',
  country: 'PH',
  phone: '+639171234567',
};

export const CEBU_ADDRESS = { ...ADDRESS, city: 'Cebu City', countryArea: 'Cebu', postalCode: '6000' };

/** A checkout ready to complete: lines, billing (and shipping) address, method and payment. */
export async function readyCheckout(
  customer: Customer,
  lines: { variantId: number; quantity: number }[],
  options: { delivery?: boolean; gateway?: string; promoCode?: string; insurance?: boolean; token?: string } = {},
): Promise<number> {
  const { ctx } = customer;
  const view = await createCheckout(ctx, { lines });
  const id = view.row.id;
  await setAddress(ctx, id, 'BILLING', ADDRESS);
  if (options.delivery) await setAddress(ctx, id, 'SHIPPING', ADDRESS);
  await setShippingMethod(ctx, id, options.delivery ? DELIVERY_ID : PICKUP_ID);
  if (options.insurance) await setInsurance(ctx, id, true);
  if (options.promoCode) await addPromoCode(ctx, id, options.promoCode);
  await createPayment(ctx, id, { gateway: options.gateway ?? 'Bank Deposit', token: options.token ?? 'not-charged' });
  return id;
}

/** The fixed shipping method ids (migration 0003). */
export const PICKUP_ID = 1;
export const DELIVERY_ID = 2;
