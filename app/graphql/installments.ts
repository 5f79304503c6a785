// The installment calculators' factor table (docs/product/catalogue.md#installment-calculators): a public, cached question the
// browser asks itself (installment-factor-cache.ts keeps the answer in local storage).
import { operation } from '../../common/graphql-operation';
import type { InstallmentFactor } from '../../common/catalogue/installment-factors';
import type * as G from './generated';

/** The table once checked (installment-factor-cache.ts isTable): every term with its factor. */
export type InstallmentFactorTableData = { factors: InstallmentFactor[]; updatedAt: string | null };

export const InstallmentFactorsQuery = operation<G.InstallmentFactorsQuery, G.InstallmentFactorsQueryVariables>(/* GraphQL */ `
  query InstallmentFactors {
    installmentFactors { factors { term factor } updatedAt }
  }
`);
