// The programme's settings row (id 1) with the defaults of docs/product/referrals.md#rewards when it is missing.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { referralSettings } from './referrals.tables';

export type ReferralSettings = {
  /** Basis points of the order subtotal: 500 = 5%. */
  level1Rate: number;
  level2Rate: number;
  /** Days after fulfilment before a reward may be claimed. */
  holdDays: number;
  /** The shop's withholding tax on payouts, basis points: 0 until staff set it (docs/decisions/051-withholding-on-payouts.md: the rule's 10% without a sworn declaration). */
  payoutTaxRate: number;
};

export const DEFAULT_SETTINGS: ReferralSettings = { level1Rate: 500, level2Rate: 200, holdDays: 7, payoutTaxRate: 0 };

/** `holdDays` is the default hold (config REFERRAL_HOLD_DAYS) when no settings row exists. */
export async function referralSettingsOf(db: Database, holdDays: number = DEFAULT_SETTINGS.holdDays): Promise<ReferralSettings> {
  const [row] = await db.select().from(referralSettings).where(eq(referralSettings.id, 1));
  return row
    ? { level1Rate: row.level1Rate, level2Rate: row.level2Rate, holdDays: row.holdDays, payoutTaxRate: row.payoutTaxRate }
    : { ...DEFAULT_SETTINGS, holdDays };
}

/** Writes the settings row (staff screens and tests); omitted values keep their current value. */
export async function updateReferralSettings(db: Database, changes: Partial<ReferralSettings>): Promise<ReferralSettings> {
  const next = { ...(await referralSettingsOf(db)), ...changes };
  await db
    .insert(referralSettings)
    .values({ id: 1, ...next })
    .onConflictDoUpdate({ target: referralSettings.id, set: { ...next, updatedAt: new Date() } });
  return next;
}
