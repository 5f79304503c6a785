// The Data Privacy Act's right of access: everything the shop holds about a signed-in customer,
// as one JSON document they download from the profile page (docs/decisions/054-privacy-rights.md).
//
// This flow reads the tables of the modules below it directly (not through their services): it
// must see every row keyed by the user, and one registry here (PERSONAL_DATA_TABLES) is what
// privacy-export.int.test.ts checks against the Drizzle schema, so a new table holding a user id
// fails the test until it is exported or excluded with its reason. Secrets (password hash, token
// versions, card and checkout tokens, push encryption keys, single-use return nonces) are left out:
// the shop keeps no card numbers, only the provider's tokens and the last four digits.
import { asc, eq, inArray } from 'drizzle-orm';
import { personalDataFileName } from '../../../common/compliance/privacy';
import type { Database } from '../../db/client';
import { independentReads } from '../../db/independent-reads';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { requireUser } from '../accounts/accounts.service';
import { accountTokens, addresses, bankDetails, users, userVouchers } from '../accounts/accounts.tables';
import { SESSION_DAYS } from '../accounts/session';
import { checkoutAddresses, checkoutLines, checkouts, voucherUsages } from '../checkout/checkout.tables';
import { emails } from '../notifications/notifications.tables';
import { orderAddresses, orderLines, orders, orderStatusLogs } from '../orders/orders.tables';
import { payments } from '../payments/payments.tables';
import { paymentCustomers, paymentPreferences, savedCards } from '../payments/saved-cards.tables';
import { pushSubscriptions } from '../push/push.tables';
import { commissionerTaxDetails, payouts, purchaseOrigins, referralRewards } from '../referrals/referrals.tables';
import { reviews } from '../reviews/reviews.tables';
import { staffPermissions } from '../system/staff-access.tables';
import { watchlist } from '../watchlist/watchlist.tables';
import { consents } from './consent.tables';
import { privacyRequests } from './privacy.tables';

type Row = Record<string, unknown>;

/** A row without the columns named: secrets the export never shows. */
const without = <T extends Row>(row: T, secret: readonly (keyof T)[]): Row => Object.fromEntries(Object.entries(row).filter(([k]) => !secret.includes(k)));

/**
 * Every table with a user_id column, by its SQL name: exported (under the export's key) or
 * excluded with the reason. privacy-export.int.test.ts fails on a table missing here.
 */
export const PERSONAL_DATA_TABLES = {
  users: { exported: 'account' },
  addresses: { exported: 'addresses' },
  bank_details: { exported: 'bankDetails' },
  user_vouchers: { exported: 'vouchers' },
  checkouts: { exported: 'cart' },
  voucher_usages: { exported: 'voucherUsages' },
  orders: { exported: 'orders' },
  payments: { exported: 'orders' },
  saved_cards: { exported: 'savedCards' },
  payment_customers: { exported: 'savedCards' },
  payment_preferences: { exported: 'paymentPreference' },
  reviews: { exported: 'reviews' },
  watchlist: { exported: 'watchlist' },
  push_subscriptions: { exported: 'pushSubscriptions' },
  referral_rewards: { exported: 'referrals' },
  payouts: { exported: 'referrals' },
  purchase_origins: { exported: 'purchaseOrigins' },
  commissioner_tax_details: { exported: 'referrals' },
  staff_permissions: { exported: 'staffPermissions' },
  consents: { exported: 'consents' },
  privacy_requests: { exported: 'privacyRequests' },
  account_tokens: { excluded: 'single-use email verification and password reset secrets, kept only as hashes and expiring within days; the export lists when each was made, not the secret' },
  sales_invoices: { excluded: "each invoice copies its order's buyer name and address, which the export holds under orders; the invoice itself is downloaded from the order's page" },
} as const satisfies Record<string, { exported: string } | { excluded: string }>;

async function ordersOf(db: Database, userId: number) {
  const own = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
  const ids = own.map((o) => o.id);
  if (!ids.length) return [];
  const [lines, places, logs, paid] = await independentReads(db, [
    () => db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    () => db.select().from(orderAddresses).where(inArray(orderAddresses.orderId, ids)).orderBy(asc(orderAddresses.id)),
    () => db.select().from(orderStatusLogs).where(inArray(orderStatusLogs.orderId, ids)).orderBy(asc(orderStatusLogs.id)),
    () => db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.id)),
  ]);
  const of = <T extends { orderId: number | null }>(rows: T[], id: number) => rows.filter((r) => r.orderId === id);
  return own.map((order) => ({
    ...without(order, ['token']),
    lines: of(lines, order.id),
    addresses: of(places, order.id),
    statusHistory: of(logs, order.id).map((l) => without(l, ['actorUserId'])),
    payments: of(paid, order.id).map((p) => without(p, ['token', 'returnNonce', 'redirectUrl'])),
  }));
}

async function cartOf(db: Database, userId: number) {
  const [cart] = await db.select().from(checkouts).where(eq(checkouts.userId, userId));
  if (!cart) return null;
  const [lines, places] = await independentReads(db, [
    () => db.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, cart.id)),
    () => db.select().from(checkoutAddresses).where(eq(checkoutAddresses.checkoutId, cart.id)),
  ]);
  return { ...without(cart, ['token']), lines, addresses: places };
}

/** The whole export for one user, as plain JSON-ready data. */
export async function collectPersonalData(db: Database, userId: number, now: Date = new Date()) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError('Not found');
  const parent = user.parentId ? (await db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, user.parentId)))[0] : undefined;
  const [
    addressRows,
    bank,
    voucherRows,
    usages,
    orderRows,
    cart,
    cards,
    cardCustomers,
    [preference],
    reviewRows,
    watched,
    push,
    rewards,
    payoutRows,
    origins,
    [tax],
    permissions,
    consentRows,
    requests,
    tokens,
    sent,
  ] = await independentReads(db, [
    () => db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)),
    () => db.select().from(bankDetails).where(eq(bankDetails.userId, userId)),
    () => db.select().from(userVouchers).where(eq(userVouchers.userId, userId)),
    () => db.select().from(voucherUsages).where(eq(voucherUsages.userId, userId)),
    () => ordersOf(db, userId),
    () => cartOf(db, userId),
    () => db.select().from(savedCards).where(eq(savedCards.userId, userId)).orderBy(asc(savedCards.id)),
    () => db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId)),
    () => db.select().from(paymentPreferences).where(eq(paymentPreferences.userId, userId)),
    () => db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(asc(reviews.id)),
    () => db.select().from(watchlist).where(eq(watchlist.userId, userId)),
    () => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    () => db.select().from(referralRewards).where(eq(referralRewards.userId, userId)).orderBy(asc(referralRewards.id)),
    () => db.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(asc(payouts.id)),
    () => db.select().from(purchaseOrigins).where(eq(purchaseOrigins.userId, userId)),
    () => db.select().from(commissionerTaxDetails).where(eq(commissionerTaxDetails.userId, userId)),
    () => db.select({ permission: staffPermissions.permission }).from(staffPermissions).where(eq(staffPermissions.userId, userId)),
    () => db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.id)),
    () => db.select().from(privacyRequests).where(eq(privacyRequests.userId, userId)).orderBy(asc(privacyRequests.id)),
    () => db.select({ purpose: accountTokens.purpose, createdAt: accountTokens.createdAt, expiresAt: accountTokens.expiresAt, usedAt: accountTokens.usedAt }).from(accountTokens).where(eq(accountTokens.userId, userId)),
    () => db.select({ subject: emails.subject, template: emails.template, status: emails.status, createdAt: emails.createdAt }).from(emails).where(eq(emails.to, user.email)).orderBy(asc(emails.id)),
  ]);
  return {
    exportedAt: now.toISOString(),
    fileName: personalDataFileName(userId, now),
    account: without(user, ['passwordHash', 'tokenVersion']),
    addresses: addressRows,
    bankDetails: bank[0] ?? null,
    vouchers: voucherRows,
    voucherUsages: usages,
    orders: orderRows,
    cart,
    savedCards: {
      // The provider's customer id and each card's brand and last four digits; never a number.
      providerCustomers: cardCustomers,
      cards: cards.map((c) => without(c, ['cardTokenId', 'returnNonce', 'verificationUrl'])),
    },
    paymentPreference: preference ?? null,
    reviews: reviewRows,
    watchlist: watched,
    pushSubscriptions: push.map((p) => without(p, ['p256dh', 'auth'])),
    referrals: {
      referralCode: user.referralCode,
      commissionerReferralCode: parent?.referralCode ?? null,
      linkedToCommissionerAt: user.parentLinkedAt,
      rewards,
      payouts: payoutRows,
      taxDetails: tax ?? null,
    },
    purchaseOrigins: origins,
    staffPermissions: permissions.map((p) => p.permission),
    consents: consentRows,
    privacyRequests: requests,
    sessions: {
      // Sessions are signed tokens kept only by the browser: none is stored, so none can be listed.
      stored: 'none',
      lifetimeDays: SESSION_DAYS,
      accountTokens: tokens,
    },
    emails: sent,
  };
}

export type PersonalData = Awaited<ReturnType<typeof collectPersonalData>>;

/** The signed-in customer's export; the request is recorded for staff with the same time. */
export async function exportPersonalData(ctx: ServiceContext, now: Date = new Date()): Promise<PersonalData> {
  const userId = requireUser(ctx).id;
  return ctx.db.transaction(async (db) => {
    const data = await collectPersonalData(db, userId, now);
    await db.insert(privacyRequests).values({ userId, kind: 'EXPORT', status: 'COMPLETED', requestedAt: now, completedAt: now });
    return data;
  });
}
