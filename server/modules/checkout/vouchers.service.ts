// Vouchers: the shop's promo codes (fixed or percentage, minimum spend, usage limits, one per
// customer, validity dates) and the customer's one-time referral voucher from accounts.
import { and, eq, sql } from 'drizzle-orm';
import { formatPeso } from '../../../common/money';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { getUnusedUserVoucher, markUserVoucherUsed } from '../accounts/accounts.service';
import type { VoucherTerms } from './checkout-totals';
import { vouchers, voucherUsages } from './checkout.tables';

export const VOUCHER_MESSAGES = {
  invalid: 'Promo code is invalid.',
  expired: 'This promo code has expired.',
  usedUp: 'This promo code has reached its usage limit.',
  alreadyUsed: 'You have already used this promo code.',
  minimumSpend: (minimum: number) => `Your order must be at least ${formatPeso(minimum)} to use this promo code.`,
} as const;

export type VoucherRow = typeof vouchers.$inferSelect;

export type AppliedVoucher = {
  source: 'SHOP' | 'REFERRAL';
  voucherId: number | null;
  code: string;
  name: string;
  terms: VoucherTerms;
  gateway: string | null;
  /** False when the checkout no longer meets its terms (then it discounts nothing). */
  isValid: boolean;
  /** Why it is not valid, in the rulebook's words. */
  problem: string | null;
};

// The referral voucher belongs to the accounts module: read and spent through its service.

/** The checkout owner's unused referral voucher (optionally only when its code matches). */
export async function referralVoucherOf(
  ctx: ServiceContext,
  userId: number,
  code: string | null,
): Promise<AppliedVoucher | null> {
  // Accounts answers for the signed-in user only: someone else's cart shows no referral voucher.
  if (ctx.user?.id !== userId) return null;
  const voucher = await getUnusedUserVoucher(ctx);
  if (!voucher) return null;
  if (code !== null && voucher.code.toLowerCase() !== code.trim().toLowerCase()) return null;
  return {
    source: 'REFERRAL',
    voucherId: null,
    code: voucher.code,
    name: voucher.name || 'Commissioner voucher',
    terms: { type: 'FIXED', value: voucher.amount },
    gateway: null,
    isValid: true,
    problem: null,
  };
}

/** Marks the referral voucher used, inside the completion transaction. */
export async function consumeReferralVoucher(ctx: ServiceContext, code: string): Promise<void> {
  // Atomic in accounts: false when it was spent meanwhile (e.g. by a concurrent order).
  if (!(await markUserVoucherUsed(ctx, code))) {
    throw new DomainError(VOUCHER_MESSAGES.alreadyUsed, 'promoCode');
  }
}

function problemOf(voucher: VoucherRow, input: { subtotal: number; alreadyUsed: boolean; now: Date }): string | null {
  if (!voucher.isActive || voucher.startDate > input.now) return VOUCHER_MESSAGES.invalid;
  if (voucher.endDate && voucher.endDate < input.now) return VOUCHER_MESSAGES.expired;
  if (voucher.usageLimit !== null && voucher.used >= voucher.usageLimit) return VOUCHER_MESSAGES.usedUp;
  if (voucher.applyOncePerCustomer && input.alreadyUsed) return VOUCHER_MESSAGES.alreadyUsed;
  if (input.subtotal < voucher.minimumSpend) return VOUCHER_MESSAGES.minimumSpend(voucher.minimumSpend);
  return null;
}

async function hasUsed(ctx: ServiceContext, voucherId: number, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: voucherUsages.id })
    .from(voucherUsages)
    .where(and(eq(voucherUsages.voucherId, voucherId), eq(voucherUsages.userId, userId)))
    .limit(1);
  return row !== undefined;
}

function applied(voucher: VoucherRow, problem: string | null): AppliedVoucher {
  return {
    source: 'SHOP',
    voucherId: voucher.id,
    code: voucher.code,
    name: voucher.name,
    terms: { type: voucher.type, value: voucher.value },
    gateway: voucher.gateway,
    isValid: problem === null,
    problem,
  };
}

/** A shop voucher checked against the checkout; strict throws the rulebook's message instead. */
export async function validateShopVoucher(
  ctx: ServiceContext,
  input: {
    voucherId: number;
    userId: number;
    subtotal: number;
    strict: boolean;
    now?: Date;
  },
): Promise<AppliedVoucher | null> {
  const [voucher] = await ctx.db.select().from(vouchers).where(eq(vouchers.id, input.voucherId));
  if (!voucher) {
    if (input.strict) throw new DomainError(VOUCHER_MESSAGES.invalid, 'promoCode');
    return null;
  }
  const problem = problemOf(voucher, {
    subtotal: input.subtotal,
    alreadyUsed: voucher.applyOncePerCustomer && (await hasUsed(ctx, voucher.id, input.userId)),
    now: input.now ?? new Date(),
  });
  if (problem && input.strict) throw new DomainError(problem, 'promoCode');
  return applied(voucher, problem);
}

/** checkoutAddPromoCode: a shop voucher by code, else the customer's referral voucher. */
export async function resolvePromo(
  ctx: ServiceContext,
  input: { code: string; userId: number; subtotal: number },
): Promise<AppliedVoucher> {
  const code = input.code.trim();
  if (!code) throw new DomainError(VOUCHER_MESSAGES.invalid, 'promoCode');
  const [voucher] = await ctx.db
    .select()
    .from(vouchers)
    .where(eq(sql`lower(${vouchers.code})`, code.toLowerCase()));
  if (voucher) {
    return (await validateShopVoucher(ctx, {
      voucherId: voucher.id,
      userId: input.userId,
      subtotal: input.subtotal,
      strict: true,
    }))!;
  }
  const referral = await referralVoucherOf(ctx, input.userId, code);
  if (!referral) throw new DomainError(VOUCHER_MESSAGES.invalid, 'promoCode');
  return referral;
}

/**
 * Uses one unit of a voucher for an order, inside the completion transaction: the usage
 * limit is an atomic conditional increment, "one per customer" a unique index.
 */
export async function consumeShopVoucher(
  ctx: ServiceContext,
  input: { voucherId: number; userId: number; orderId: number },
): Promise<void> {
  const [voucher] = await ctx.db
    .update(vouchers)
    .set({ used: sql`${vouchers.used} + 1` })
    .where(
      and(
        eq(vouchers.id, input.voucherId),
        sql`(${vouchers.usageLimit} IS NULL OR ${vouchers.used} < ${vouchers.usageLimit})`,
      ),
    )
    .returning();
  if (!voucher) throw new DomainError(VOUCHER_MESSAGES.usedUp, 'promoCode');
  const inserted = await ctx.db
    .insert(voucherUsages)
    .values({ ...input, onePerCustomer: voucher.applyOncePerCustomer })
    .onConflictDoNothing()
    .returning({ id: voucherUsages.id });
  if (inserted.length === 0) throw new DomainError(VOUCHER_MESSAGES.alreadyUsed, 'promoCode');
}
