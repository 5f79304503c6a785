// A commissioner's tax details in the API (docs/decisions/051-withholding-on-payouts.md): me.commissionerTax and
// commissionerTaxDetailsSave for the commissioner (TIN, registered address, the rate their
// payouts take), Payout.taxRate (the rate a payout used), and for staff (MANAGE_PAYOUTS) the
// commissioner's own rate on StaffCustomer and commissionerWithholdingRateSet.
import { COMMISSIONER_TAX_MESSAGES, formatPayeeTin } from '../../../common/compliance/commissioner-tax';
import { builder } from '../../graphql/builder';
import type { ServiceContext } from '../../graphql/context';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { UserRef } from '../accounts/accounts.schema';
import { contextLoader } from '../catalogue/catalogue.loaders';
import {
  commissionerTaxesOf,
  commissionerTaxOf,
  saveCommissionerTaxDetails,
  staffSetCommissionerWithholdingRate,
  withholdingRateOf,
  type CommissionerTax,
} from './commissioner-tax.service';
import { staffRowIdOf, StaffCustomerRef } from './payouts-staff.schema';
import { PayoutRef } from './referrals.schema';

type TaxView = { userId: number; row: CommissionerTax | null };

const CommissionerTaxRef = builder.objectRef<TaxView>('CommissionerTax').implement({
  description: "A commissioner's details for their withholding certificates, and the rate their payouts take.",
  fields: (t) => ({
    tin: t.string({
      nullable: true,
      description: 'The TIN as 123-456-789 (with -branch code when given); null when not given.',
      resolve: (v) => (v.row?.tin ? formatPayeeTin(v.row.tin, v.row.tinBranchCode) : null),
    }),
    registeredAddress: t.string({
      nullable: true,
      resolve: (v) => v.row?.registeredAddress ?? null,
    }),
    withholdingPercentage: t.float({
      description: "The expanded withholding tax a payout requested now takes, percent: the rate staff set for this commissioner, else the shop's.",
      resolve: async (v, _args, ctx) => (await withholdingRateOf(ctx.db, v.userId)).rate / 100,
    }),
  }),
});

builder.objectFields(UserRef, (t) => ({
  commissionerTax: t.field({
    type: CommissionerTaxRef,
    nullable: true,
    description: 'The tax details for withholding certificates; null for anyone but the user.',
    resolve: async (user, _args, ctx) => (ctx.user?.id === user.id ? { userId: user.id, row: await commissionerTaxOf(ctx.db, user.id) } : null),
  }),
}));

builder.objectFields(PayoutRef, (t) => ({
  taxRate: t.float({
    description: 'The expanded withholding rate this payout used, percent of the points claimed; kept when rates change later.',
    resolve: (p) => p.taxRate / 100,
  }),
}));

const taxOf = (ctx: ServiceContext, userId: number) =>
  contextLoader<CommissionerTax | null>(
    ctx,
    'referrals:commissioner-tax',
    (ids) => commissionerTaxesOf(ctx.db, ids),
    () => null,
  ).load(userId);

builder.objectFields(StaffCustomerRef, (t) => ({
  ownWithholdingPercentage: t.float({
    nullable: true,
    description: "Staff (MANAGE_PAYOUTS): the rate set for this commissioner, percent; null when the shop's rate applies.",
    authScopes: { permission: 'MANAGE_PAYOUTS' },
    resolve: async (u, _args, ctx) => {
      const rate = (await taxOf(ctx, u.id))?.withholdingRate;
      return rate == null ? null : rate / 100;
    },
  }),
  withholdingRateNote: t.string({
    nullable: true,
    description: 'Staff (MANAGE_PAYOUTS): why the rate was set (e.g. the sworn declaration received).',
    authScopes: { permission: 'MANAGE_PAYOUTS' },
    resolve: async (u, _args, ctx) => (await taxOf(ctx, u.id))?.withholdingRateNote ?? null,
  }),
}));

const CommissionerTaxDetailsSave = builder.objectRef<WithErrors<{ commissionerTax: TaxView }>>('CommissionerTaxDetailsSave').implement({
  fields: (t) => ({
    commissionerTax: t.field({
      type: CommissionerTaxRef,
      nullable: true,
      resolve: (p) => p.commissionerTax ?? null,
    }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('commissionerTaxDetailsSave', (t) =>
  t.field({
    type: CommissionerTaxDetailsSave,
    description:
      "Saves the signed-in commissioner's TIN (9 digits, the branch code after it if any) and registered address for their withholding certificates; empty clears.",
    args: { tin: t.arg.string(), registeredAddress: t.arg.string() },
    resolve: (_root, args, ctx) =>
      runMutation(async () => {
        const row = await saveCommissionerTaxDetails(ctx, args);
        return { commissionerTax: { userId: row.userId, row } };
      }),
  }),
);

const CommissionerWithholdingRateSet = builder.objectRef<WithErrors<{ commissionerTax: TaxView }>>('CommissionerWithholdingRateSet').implement({
  fields: (t) => ({
    ownWithholdingPercentage: t.float({
      nullable: true,
      resolve: (p) => (p.commissionerTax?.row?.withholdingRate == null ? null : p.commissionerTax.row.withholdingRate / 100),
    }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('commissionerWithholdingRateSet', (t) =>
  t.field({
    type: CommissionerWithholdingRateSet,
    description:
      "Staff (MANAGE_PAYOUTS): one commissioner's withholding rate, percent (5 once their sworn declaration is on file); null returns them to the shop's rate. Later payouts take it.",
    authScopes: { permission: 'MANAGE_PAYOUTS' },
    args: {
      userId: t.arg.id({ required: true }),
      percentage: t.arg.float(),
      note: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => {
        const userId = staffRowIdOf('User', String(args.userId), COMMISSIONER_TAX_MESSAGES.notFound);
        const row = await staffSetCommissionerWithholdingRate(ctx, userId, {
          percentage: args.percentage ?? null,
          note: args.note,
        });
        return { commissionerTax: { userId, row } };
      }),
  }),
);
