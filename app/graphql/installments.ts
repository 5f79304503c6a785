// The installment calculators' factor table (spec 2 §7.7): a public, cached question the
// browser asks itself (installment-factor-cache.ts keeps the answer in local storage).
import { operation } from '../../common/graphql-operation';
import type { InstallmentFactor } from '../../common/catalogue/installment-factors';

export type InstallmentFactorTableData = { factors: InstallmentFactor[]; updatedAt: string | null };

export const InstallmentFactorsQuery = operation<{ installmentFactors: InstallmentFactorTableData }>(/* GraphQL */ `
  query InstallmentFactors {
    installmentFactors { factors { term factor } updatedAt }
  }
`);
