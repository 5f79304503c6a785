// Withholding on payouts in the API (docs/decisions/051-withholding-on-payouts.md): the signed-in
// commissioner's quarters with payouts paid and each quarter's certificate (BIR Form 2307 fields,
// base64 PDF); staff's (MANAGE_PAYOUTS) alphalist of payees for a quarter as CSV.
import { builder } from '../../graphql/builder';
import { DomainError } from '../../lib/domain-error';
import { UserRef } from '../accounts/accounts.schema';
import { withholdingCertificatePdf } from './certificate.service';
import { withholdingAlphalistCsv, withholdingQuartersOf } from './withholding.service';

type Download = {
  filename: string | null;
  pdf: string | null;
  message: string | null;
};

const WithholdingCertificateRef = builder.objectRef<Download>('WithholdingCertificate').implement({
  description: "A quarter's certificate of creditable tax withheld (BIR Form 2307 fields), or why there is none.",
  fields: (t) => ({
    filename: t.exposeString('filename', { nullable: true }),
    pdf: t.exposeString('pdf', {
      nullable: true,
      description: 'The PDF, base64.',
    }),
    message: t.exposeString('message', {
      nullable: true,
      description: 'Why no certificate can be made (nothing paid in the quarter, the seller details missing).',
    }),
  }),
});

builder.objectFields(UserRef, (t) => ({
  withholdingQuarters: t.stringList({
    description: 'Quarters ("2026-Q3") in which payouts were paid to this commissioner, newest first; empty for anyone but the user.',
    resolve: (user, _args, ctx) => (ctx.user?.id === user.id ? withholdingQuartersOf(ctx.db, user.id) : []),
  }),
  withholdingCertificate: t.field({
    type: WithholdingCertificateRef,
    nullable: true,
    description: "The quarter's certificate of the income paid and the tax withheld; null for anyone but the user.",
    args: { quarter: t.arg.string({ required: true }) },
    resolve: async (user, args, ctx) => {
      if (ctx.user?.id !== user.id) return null;
      try {
        const { filename, pdf } = await withholdingCertificatePdf(ctx, args.quarter);
        return { filename, pdf: pdf.toString('base64'), message: null };
      } catch (error) {
        if (error instanceof DomainError) return { filename: null, pdf: null, message: error.message };
        throw error;
      }
    },
  }),
}));

builder.queryField('withholdingAlphalistCsv', (t) =>
  t.string({
    description: 'Staff (MANAGE_PAYOUTS): the quarter\'s ("2026-Q3") payees with TIN, name, ATC, income paid per month and in total, and tax withheld, as CSV.',
    authScopes: { permission: 'MANAGE_PAYOUTS' },
    args: { quarter: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => (await withholdingAlphalistCsv(ctx, args.quarter)).csv,
  }),
);
