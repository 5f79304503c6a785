// The browser forms' zod schemas, each imported when its form is first submitted: zod is 23 KB
// gzipped, which the account and checkout pages' first load cannot afford
// (bench/js-budget.ts). They are the same schemas the route actions and the services run.
import type { z } from 'zod';

/** Loads one form's schema (the module is fetched once; later calls resolve at once). */
export type SchemaLoader = () => Promise<z.ZodType>;

const account = () => import('../../common/validation/account-schemas');

export const FORM_SCHEMAS = {
  profile: () => account().then((m) => m.profileSchema),
  email: () => account().then((m) => m.emailChangeFormSchema),
  password: () => account().then((m) => m.passwordChangeFormSchema),
  picture: () => account().then((m) => m.profilePictureSchema),
  commissioner: () => account().then((m) => m.referralCodeSchema),
  bank: () => import('../../common/validation/bank-schema').then((m) => m.bankDetailsSchema),
  address: () => import('../../common/validation/address-schema').then((m) => m.addressSchema),
  payout: () => import('../../common/validation/payout-schema').then((m) => m.payoutRequestSchema),
  taxDetails: () => import('../../common/compliance/commissioner-tax').then((m) => m.commissionerTaxDetailsSchema),
} satisfies Record<string, SchemaLoader>;
