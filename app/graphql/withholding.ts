// Withholding on payouts (docs/decisions/051-withholding-on-payouts.md): the commissioner's tax details and
// quarterly certificates on /account/payouts; staff's alphalist and per-commissioner rate.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

export type CommissionerTaxView = {
  tin: string | null;
  registeredAddress: string | null;
  /** Percent a payout requested now takes. */
  withholdingPercentage: number;
  /** Quarters ("2026-Q3") with payouts paid, newest first: one certificate each. */
  quarters: string[];
};

export const CommissionerTaxQuery = operation<G.CommissionerTaxQuery, G.CommissionerTaxQueryVariables>(/* GraphQL */ `
  query CommissionerTax {
    me {
      id
      commissionerTax { tin registeredAddress withholdingPercentage }
      withholdingQuarters
    }
  }
`);

export function toCommissionerTax(data: G.CommissionerTaxQuery): CommissionerTaxView | null {
  const me = data.me;
  if (!me) return null;
  return {
    tin: me.commissionerTax?.tin ?? null,
    registeredAddress: me.commissionerTax?.registeredAddress ?? null,
    withholdingPercentage: me.commissionerTax?.withholdingPercentage ?? 0,
    quarters: me.withholdingQuarters ?? [],
  };
}

export const CommissionerTaxDetailsSaveMutation = operation<G.CommissionerTaxDetailsSaveMutation, G.CommissionerTaxDetailsSaveMutationVariables>(/* GraphQL */ `
  mutation CommissionerTaxDetailsSave($tin: String, $registeredAddress: String) {
    commissionerTaxDetailsSave(tin: $tin, registeredAddress: $registeredAddress) {
      errors { field message }
    }
  }
`);

export const WithholdingCertificateQuery = operation<G.WithholdingCertificateQuery, G.WithholdingCertificateQueryVariables>(/* GraphQL */ `
  query WithholdingCertificate($quarter: String!) {
    me {
      id
      withholdingCertificate(quarter: $quarter) { filename pdf message }
    }
  }
`);

export const StaffWithholdingAlphalistQuery = operation<G.StaffWithholdingAlphalistQuery, G.StaffWithholdingAlphalistQueryVariables>(/* GraphQL */ `
  query StaffWithholdingAlphalist($quarter: String!) {
    withholdingAlphalistCsv(quarter: $quarter)
  }
`);

export const CommissionerWithholdingRateSetMutation = operation<
  G.CommissionerWithholdingRateSetMutation,
  G.CommissionerWithholdingRateSetMutationVariables
>(/* GraphQL */ `
  mutation CommissionerWithholdingRateSet($userId: ID!, $percentage: Float, $note: String) {
    commissionerWithholdingRateSet(userId: $userId, percentage: $percentage, note: $note) {
      ownWithholdingPercentage
      errors { field message }
    }
  }
`);
