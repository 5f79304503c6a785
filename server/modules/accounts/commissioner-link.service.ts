// Linking a user to the commissioner whose Commissioner Key they used (users.parent_id, ADR 016),
// once and for ever, with the one-time first-purchase voucher. It writes only accounts' tables,
// so it lives here: sign-up links at once without reaching up into referrals
// (docs/decisions/046-one-way-modules.md); referrals reads the tree this builds.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizeReferralCode } from '../../../common/validation/account';
import type { Database } from '../../db/client';
import { users, userVouchers } from './accounts.tables';
import { generateReferralCode } from './referral-code';

/** The first-purchase voucher a Commissioner Key gives (docs/product/referrals.md#first-purchase-voucher): ₱100 in centavos. */
export const REFERRAL_VOUCHER_CENTAVOS = 10_000;
export const REFERRAL_VOUCHER_NAME = 'Commissioner Key discount';

// Serialises every change of the tree: two users adopting each other at the same moment would
// otherwise both pass the cycle check. Links are rare (sign-ups, one panel), so one lock is cheap.
const TREE_LOCK = 0x5c_1e_f7_ee;

export type CommissionerRow = typeof users.$inferSelect;

/** Both drivers (node-postgres and PGlite) answer raw SQL with { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The active user whose Commissioner Key this is (matched case-insensitively), or null. */
async function findCommissioner(db: Database, code: string): Promise<CommissionerRow | null> {
  const normalized = normalizeReferralCode(code);
  if (!normalized) return null;
  const [row] = await db.select().from(users).where(eq(users.referralCode, normalized)).limit(1);
  return row && row.isActive ? row : null;
}

/** Whether `ancestorId` is `userId` or above it in the tree (one recursive statement). */
async function isSelfOrAncestor(db: Database, ancestorId: number, userId: number): Promise<boolean> {
  const result = await db.execute(sql`
    with recursive up(id, depth) as (
      select ${users.id}, 0 from ${users} where ${users.id} = ${userId}
      union all
      select u.parent_id, up.depth + 1 from ${users} u join up on u.id = up.id
      where u.parent_id is not null and up.depth < 100000
    )
    select 1 as found from up where up.id = ${ancestorId} limit 1`);
  return rowsOf<{ found: number }>(result).length > 0;
}

/**
 * Links the user to the commissioner whose code this is, once and for ever (docs/product/referrals.md#linking-a-commissioner):
 * never to themselves, never to one of their own descendants, never when a parent was ever
 * linked. Returns the parent, or null when the code is not valid for this user. With
 * issueVoucher, also gives the one-time ₱100 voucher. Run it inside a transaction: it takes
 * the tree lock until that transaction ends.
 */
export async function linkCommissioner(
  db: Database,
  userId: number,
  code: string,
  options: { issueVoucher: boolean },
): Promise<CommissionerRow | null> {
  const parent = await findCommissioner(db, code);
  if (!parent || parent.id === userId) return null;
  await db.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK})`);
  // The user must not be the would-be parent's ancestor: that link would close a cycle.
  if (await isSelfOrAncestor(db, userId, parent.id)) return null;
  const updated = await db
    .update(users)
    .set({ parentId: parent.id, parentLinkedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.parentId), isNull(users.parentLinkedAt)))
    .returning({ id: users.id });
  if (updated.length !== 1) return null;
  if (options.issueVoucher) {
    await db
      .insert(userVouchers)
      .values({ userId, code: `REF-${generateReferralCode()}`, name: REFERRAL_VOUCHER_NAME, amount: REFERRAL_VOUCHER_CENTAVOS })
      .onConflictDoNothing({ target: userVouchers.userId });
  }
  return parent;
}

