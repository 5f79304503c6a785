// installmentFactors: the buy-now-pay-later provider's factor table, public and cached (the
// storefront keeps a copy in local storage); installmentFactorsUpdate: staff (MANAGE_PAYMENTS).
import { builder } from '../../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../../graphql/types/errors';
import type { InstallmentFactor } from '../../../../common/catalogue/installment-factors';
import { installmentFactorTable, type InstallmentFactorTable } from './installment-factors';
import { updateInstallmentFactors } from './installment-factors-staff.service';

const InstallmentFactorRef = builder.objectRef<InstallmentFactor>('InstallmentFactor').implement({
  fields: (t) => ({
    term: t.exposeInt('term', { description: 'Months, 1 to 12.' }),
    factor: t.exposeFloat('factor', { description: 'Multiplier of the financed amount (price after the down payment); 1.0: no interest.' }),
  }),
});

const InstallmentFactorTableRef = builder.objectRef<InstallmentFactorTable>('InstallmentFactorTable').implement({
  fields: (t) => ({
    factors: t.field({ type: [InstallmentFactorRef], description: 'One factor per term, 1 to 12, in order.', resolve: (s) => s.factors }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', nullable: true, description: 'When staff last changed the table; null: the default (interest-free).' }),
  }),
});

builder.queryField('installmentFactors', (t) =>
  t.field({
    type: InstallmentFactorTableRef,
    description: "The installment calculators' factor table (docs/product/limits.md): monthly = ceil(rest x factor / term).",
    resolve: (_root, _args, ctx) => installmentFactorTable(ctx),
  }),
);

const InstallmentFactorInput = builder.inputType('InstallmentFactorInput', {
  fields: (t) => ({ term: t.int({ required: true }), factor: t.float({ required: true }) }),
});

builder.mutationField('installmentFactorsUpdate', (t) =>
  t.field({
    type: builder.objectRef<WithErrors<{ installmentFactors: InstallmentFactorTable }>>('InstallmentFactorsUpdate').implement({
      fields: (f) => ({
        installmentFactors: f.field({ type: InstallmentFactorTableRef, nullable: true, resolve: (p) => p.installmentFactors ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: 'Staff (MANAGE_PAYMENTS): replaces the whole table; every term 1-12 once, each factor 1.0 to 3.0.',
    authScopes: { permission: 'MANAGE_PAYMENTS' },
    args: { factors: t.arg({ type: [InstallmentFactorInput], required: true }) },
    resolve: (_root, { factors }, ctx) => runMutation(async () => ({ installmentFactors: await updateInstallmentFactors(ctx, factors) })),
  }),
);
