// The Data Privacy Act's right to erasure: a signed-in customer deletes their account after
// entering their password again (docs/decisions/054-privacy-rights.md). In one transaction the
// personal data the shop has no duty to keep is deleted or blanked, and every session ends (the
// token version moves and the account is inactive). What the law makes the shop keep stays as it
// was issued: orders with their lines, addresses, email and payments (the Tax Code's ten years of
// books, refunds and warranty), payouts with their destination and the commissioner's tax details
// (withholding certificates), referral rewards (the ledger payouts were paid from), consents and
// the request itself (proof of what was asked and done).
//
// Refused while an order or a payout is not finished: the shop still owes or is owed something
// there, and needs the account to reach the customer (refund, delivery, cancellation).
//
// Like the export, this flow writes the tables of the modules below it directly:
// PERSONAL_DATA_TABLES (privacy-export.service.ts) and ERASURE below name every table with a
// user id, and privacy-erasure.int.test.ts checks that each is handled.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PRIVACY_MESSAGES } from '../../../common/compliance/privacy';
import type { OrderStatus } from '../../../common/orders/order-status';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { storageOf } from '../../storage/file-storage';
import { requireUser } from '../accounts/accounts.service';
import { accountTokens, addresses, bankDetails, users, userVouchers } from '../accounts/accounts.tables';
import { verifyPassword } from '../accounts/passwords';
import { forgetSessionsOf } from '../accounts/session-cache';
import { checkouts } from '../checkout/checkout.tables';
import { emails } from '../notifications/notifications.tables';
import { orders } from '../orders/orders.tables';
import { paymentCustomers, paymentPreferences, savedCards } from '../payments/saved-cards.tables';
import { pushSubscriptions } from '../push/push.tables';
import { payouts, purchaseOrigins } from '../referrals/referrals.tables';
import { reviews } from '../reviews/reviews.tables';
import { watchlist } from '../watchlist/watchlist.tables';
import type { PERSONAL_DATA_TABLES } from './privacy-export.service';
import { privacyRequests } from './privacy.tables';

/** Orders the shop has not finished with: deleting the account waits for them. */
export const OPEN_ORDER_STATUSES = ['UNFULFILLED', 'UNFULFILLED_ORDER_CONFIRMED', 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE', 'PENDING_FOR_CANCELLATION'] as const satisfies readonly OrderStatus[];
const OPEN_PAYOUT_STATUSES = ['PENDING', 'PROCESSING'] as const;

/** The account's own emails (verification, password, welcome, watchlist alerts): deleted. Order and invoice emails are copies of kept documents. */
export const ACCOUNT_EMAIL_TEMPLATES = ['verify_email', 'reset_password', 'welcome', 'staff_invitation', 'back_in_stock'];

/** What erasure does to each table with a user id (privacy-erasure.int.test.ts checks every one is here). */
export const ERASURE = {
  users: 'blanked: email replaced, names, sex, birthday, picture, Facebook link and password removed; inactive, sessions ended',
  addresses: 'deleted',
  bank_details: 'deleted (a payout keeps the account it was paid to)',
  user_vouchers: 'deleted when unused; a used one stays with its order',
  checkouts: 'deleted, with its lines and addresses',
  voucher_usages: 'kept: which order used which voucher (the books)',
  orders: 'kept as issued: name, address and email, lines, totals (Tax Code: books for 10 years; refunds and warranty)',
  payments: 'kept: provider references, tokens and last digits only (the books; refunds)',
  saved_cards: 'deleted',
  payment_customers: 'deleted',
  payment_preferences: 'deleted',
  reviews: 'deleted',
  watchlist: 'deleted',
  push_subscriptions: 'deleted',
  referral_rewards: 'kept: the ledger paid payouts were drawn from',
  payouts: 'kept as paid: destination and amounts (withholding records)',
  purchase_origins: 'deleted (addresses an order came from, kept for fraud checks of a live account)',
  commissioner_tax_details: 'kept: TIN and address on issued withholding certificates (Tax Code retention)',
  staff_permissions: 'not reached: staff accounts are refused',
  consents: 'kept: the proof of what was agreed to, by version and time',
  privacy_requests: 'kept: the record of this request',
  account_tokens: 'deleted',
  sales_invoices: 'kept as issued (the invoice is a book of account: 10 years)',
} as const satisfies Record<keyof typeof PERSONAL_DATA_TABLES, string>;

export type ErasureResult = { userId: number; requestId: number };

/**
 * Deletes the signed-in customer's account. Wrong or missing password, a staff account, or an
 * open order or payout: refused with the message to show (an open order or payout is recorded as
 * a REFUSED request for staff to follow up).
 */
export async function deleteOwnAccount(ctx: ServiceContext, input: { password: string }, now: Date = new Date()): Promise<ErasureResult> {
  const session = requireUser(ctx);
  const password = input.password ?? '';
  if (!password) throw new DomainError(PRIVACY_MESSAGES.passwordRequired, 'password');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, session.id));
  if (!user || !user.isActive) throw new DomainError(PRIVACY_MESSAGES.deleted);
  if (user.isStaff) throw new DomainError(PRIVACY_MESSAGES.staffAccount);
  if (!user.passwordHash) throw new DomainError(PRIVACY_MESSAGES.noPassword, 'password');
  if (!(await verifyPassword(password, user.passwordHash))) throw new DomainError(PRIVACY_MESSAGES.wrongPassword, 'password');

  const refusal = await ctx.db.transaction(async (db) => {
    // The account's row locked first: a second request (another tab) waits here and then finds it erased.
    const [locked] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, user.id)).for('update');
    if (!locked?.isActive) throw new DomainError(PRIVACY_MESSAGES.deleted);
    const [openOrder] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, user.id), inArray(orders.status, OPEN_ORDER_STATUSES))).limit(1);
    const [openPayout] = await db.select({ id: payouts.id }).from(payouts).where(and(eq(payouts.userId, user.id), inArray(payouts.status, OPEN_PAYOUT_STATUSES))).limit(1);
    const refused = openOrder ? PRIVACY_MESSAGES.openOrders : openPayout ? PRIVACY_MESSAGES.openPayouts : null;
    if (refused) return refused;

    await db.delete(addresses).where(eq(addresses.userId, user.id));
    await db.delete(bankDetails).where(eq(bankDetails.userId, user.id));
    await db.delete(accountTokens).where(eq(accountTokens.userId, user.id));
    await db.delete(userVouchers).where(and(eq(userVouchers.userId, user.id), eq(userVouchers.used, false)));
    await db.delete(checkouts).where(eq(checkouts.userId, user.id));
    await db.delete(savedCards).where(eq(savedCards.userId, user.id));
    await db.delete(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
    await db.delete(paymentPreferences).where(eq(paymentPreferences.userId, user.id));
    await db.delete(reviews).where(eq(reviews.userId, user.id));
    await db.delete(watchlist).where(eq(watchlist.userId, user.id));
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    await db.delete(purchaseOrigins).where(eq(purchaseOrigins.userId, user.id));
    await db.delete(emails).where(and(eq(sql`lower(${emails.to})`, user.email.toLowerCase()), inArray(emails.template, ACCOUNT_EMAIL_TEMPLATES)));
    await db
      .update(users)
      .set({
        email: `deleted-user-${user.id}@deleted.invalid`,
        passwordHash: null,
        firstName: '',
        middleName: '',
        lastName: '',
        sex: null,
        birthday: null,
        profilePicture: null,
        facebookId: null,
        defaultShippingAddressId: null,
        defaultBillingAddressId: null,
        isVerified: false,
        isActive: false,
        // Every token signed before now stops working, on every device.
        tokenVersion: sql`${users.tokenVersion} + 1`,
      })
      .where(eq(users.id, user.id));
    const [request] = await db
      .insert(privacyRequests)
      .values({ userId: user.id, kind: 'ERASURE', status: 'COMPLETED', note: 'Orders, payments, payouts and tax details kept as issued.', requestedAt: now, completedAt: now })
      .returning({ id: privacyRequests.id });
    return { requestId: request!.id };
  });

  if (typeof refusal === 'string') {
    await ctx.db.insert(privacyRequests).values({ userId: user.id, kind: 'ERASURE', status: 'REFUSED', note: refusal, requestedAt: now });
    throw new DomainError(refusal);
  }
  forgetSessionsOf(ctx, user.id);
  if (user.profilePicture?.startsWith('avatars/')) await storageOf(ctx).delete(user.profilePicture).catch(() => undefined);
  return { userId: user.id, requestId: refusal.requestId };
}

