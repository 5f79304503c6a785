// Staff Commissioner programme settings (MANAGE_CONTENT): referralSettings and
// referralSettingsUpdate. Rates are percent here (5 = 5%), basis points in the database.
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import type { ReferralSettings } from './referral-settings.service';
import { staffReferralSettings, staffUpdateReferralSettings } from './referral-settings-staff.service';

const MANAGE_CONTENT = { permission: 'MANAGE_CONTENT' } as const;

const ReferralSettingsRef = builder.objectRef<ReferralSettings>('ReferralSettings').implement({
  fields: (t) => ({
    level1Percentage: t.float({ description: "The commissioner's reward, percent of a patron's order subtotal.", resolve: (s) => s.level1Rate / 100 }),
    level2Percentage: t.float({ description: "The commissioner's commissioner's reward, percent.", resolve: (s) => s.level2Rate / 100 }),
    holdDays: t.exposeInt('holdDays', { description: 'Days after fulfilment before a reward may be claimed.' }),
    payoutTaxPercentage: t.float({ description: 'Withholding tax on payouts, percent of the points claimed.', resolve: (s) => s.payoutTaxRate / 100 }),
  }),
});

builder.queryField('referralSettings', (t) =>
  t.field({
    type: ReferralSettingsRef,
    nullable: true,
    description: "Staff (MANAGE_CONTENT): the Commissioner programme's rates.",
    authScopes: MANAGE_CONTENT,
    resolve: (_root, _args, ctx) => staffReferralSettings(ctx),
  }),
);

const ReferralSettingsInput = builder.inputType('ReferralSettingsInput', {
  fields: (t) => ({
    level1Percentage: t.float(),
    level2Percentage: t.float(),
    holdDays: t.int(),
    payoutTaxPercentage: t.float(),
  }),
});

builder.mutationField('referralSettingsUpdate', (t) =>
  t.field({
    type: builder.objectRef<WithErrors<{ settings: ReferralSettings }>>('ReferralSettingsUpdate').implement({
      fields: (f) => ({
        settings: f.field({ type: ReferralSettingsRef, nullable: true, resolve: (p) => p.settings ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: 'Staff (MANAGE_CONTENT): changes the rates given; later rewards use them.',
    authScopes: MANAGE_CONTENT,
    args: { input: t.arg({ type: ReferralSettingsInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      runMutation(async () => ({
        settings: await staffUpdateReferralSettings(ctx, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null))),
      })),
  }),
);
