// Staff edit the Commissioner programme's rates (MANAGE_CONTENT, with the shop's other settings):
// level 1 and level 2 reward rates, the hold before rewards may be claimed, the payout tax.
import { referralSettingsSchema } from '../../../common/staff/settings-rules';
import { validate } from '../../../common/validation/issues';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { logStaffAction, requirePermission } from '../system/staff-access.service';
import { referralSettingsOf, updateReferralSettings, type ReferralSettings } from './referral-settings.service';

export async function staffReferralSettings(ctx: ServiceContext): Promise<ReferralSettings> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  return referralSettingsOf(ctx.db, ctx.config.referralHoldDays);
}

/** Percentages in, basis points stored; the fields given change. One transaction with its log entry. */
export async function staffUpdateReferralSettings(ctx: ServiceContext, input: unknown): Promise<ReferralSettings> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const parsed = validate(referralSettingsSchema, input);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const bp = (percent: number | undefined) => (percent === undefined ? undefined : Math.round(percent * 100));
  const changes = Object.fromEntries(
    Object.entries({
      level1Rate: bp(parsed.data.level1Percentage),
      level2Rate: bp(parsed.data.level2Percentage),
      payoutTaxRate: bp(parsed.data.payoutTaxPercentage),
      holdDays: parsed.data.holdDays,
    }).filter(([, v]) => v !== undefined),
  ) as Partial<ReferralSettings>;
  return ctx.db.transaction(async (db) => {
    // Without a row yet, the configured hold (REFERRAL_HOLD_DAYS) is the current value to keep.
    const current = await referralSettingsOf(db, ctx.config.referralHoldDays);
    const next = await updateReferralSettings(db, { ...current, ...changes });
    await logStaffAction({ ...ctx, db }, { action: 'referralSettingsUpdate', subjectType: 'referralSettings', subjectId: 1, note: JSON.stringify(changes) });
    return next;
  });
}
