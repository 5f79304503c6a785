// The seller's registered details: public (`sellerDetails`: every page's footer, the privacy
// page) and the staff edit (`sellerDetailsUpdate`, MANAGE_CONTENT).
import { VAT_STATUSES, type SellerDetails } from '../../../common/compliance/seller-details';
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { sellerDetailsOf, staffUpdateSellerDetails } from './seller-details.service';

const VatStatusEnum = builder.enumType('VatStatus', {
  values: VAT_STATUSES,
  description: 'VAT: prices include 12% VAT and invoices show it; NON_VAT: a non-VAT registered seller.',
});

const SellerDetailsRef = builder.objectRef<SellerDetails>('SellerDetails').implement({
  description: "The seller's registered details, shown in every page's footer, on invoices and in order emails.",
  fields: (t) => ({
    registeredName: t.exposeString('registeredName'),
    tradeName: t.exposeString('tradeName'),
    tin: t.exposeString('tin', { description: 'Taxpayer identification number, 000-000-000.' }),
    branchCode: t.exposeString('branchCode'),
    businessAddress: t.exposeString('businessAddress'),
    vatStatus: t.field({ type: VatStatusEnum, resolve: (s) => s.vatStatus }),
    registrationNumber: t.exposeString('registrationNumber', { description: 'DTI business name or SEC registration number.' }),
    contactEmail: t.exposeString('contactEmail'),
    contactPhone: t.exposeString('contactPhone'),
    dataProtectionOfficerName: t.exposeString('dataProtectionOfficerName'),
    dataProtectionOfficerEmail: t.exposeString('dataProtectionOfficerEmail'),
  }),
});

builder.queryField('sellerDetails', (t) =>
  t.field({
    type: SellerDetailsRef,
    description: "The seller's registered details (public: the law has them shown on every page).",
    resolve: (_root, _args, ctx) => sellerDetailsOf(ctx),
  }),
);

const SellerDetailsInput = builder.inputType('SellerDetailsInput', {
  fields: (t) => ({
    registeredName: t.string(),
    tradeName: t.string(),
    tin: t.string(),
    branchCode: t.string(),
    businessAddress: t.string(),
    vatStatus: t.field({ type: VatStatusEnum }),
    registrationNumber: t.string(),
    contactEmail: t.string(),
    contactPhone: t.string(),
    dataProtectionOfficerName: t.string(),
    dataProtectionOfficerEmail: t.string(),
  }),
});

builder.mutationField('sellerDetailsUpdate', (t) =>
  t.field({
    type: builder.objectRef<WithErrors<{ sellerDetails: SellerDetails }>>('SellerDetailsUpdate').implement({
      fields: (f) => ({
        sellerDetails: f.field({ type: SellerDetailsRef, nullable: true, resolve: (p) => p.sellerDetails ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: "Staff (MANAGE_CONTENT): changes the seller's details given; the footer, new invoices and emails use them.",
    authScopes: { permission: 'MANAGE_CONTENT' },
    args: { input: t.arg({ type: SellerDetailsInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      runMutation(async () => ({
        sellerDetails: await staffUpdateSellerDetails(ctx, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null))),
      })),
  }),
);
