// The seller's registered details: every page's footer (the root loader), the privacy page's
// data protection officer, and the back office's settings screen that edits them.
import { sellerDetailsLines, type SellerLineFields } from '../../common/compliance/seller-lines';
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

const FOOTER_FIELDS = ['registeredName', 'tradeName', 'tin', 'branchCode', 'businessAddress', 'registrationNumber', 'contactEmail', 'contactPhone'] as const;

/** The footer's lines, built in the root loader: the browser gets text, not the code that writes it. */
export function sellerFooterLines(details: G.SellerFooterQuery['sellerDetails']): string[] {
  return sellerDetailsLines(Object.fromEntries(FOOTER_FIELDS.map((f) => [f, details?.[f] ?? ''])) as SellerLineFields);
}

export const SellerFooterQuery = operation<G.SellerFooterQuery, G.SellerFooterQueryVariables>(/* GraphQL */ `
  query SellerFooter {
    sellerDetails { registeredName tradeName tin branchCode businessAddress registrationNumber contactEmail contactPhone }
  }
`);

export const DataProtectionOfficerQuery = operation<G.DataProtectionOfficerQuery, G.DataProtectionOfficerQueryVariables>(/* GraphQL */ `
  query DataProtectionOfficer {
    sellerDetails { registeredName dataProtectionOfficerName dataProtectionOfficerEmail }
  }
`);

export const StaffSellerDetailsQuery = operation<G.StaffSellerDetailsQuery, G.StaffSellerDetailsQueryVariables>(/* GraphQL */ `
  query StaffSellerDetails {
    sellerDetails {
      registeredName tradeName tin branchCode businessAddress vatStatus registrationNumber
      contactEmail contactPhone dataProtectionOfficerName dataProtectionOfficerEmail
    }
  }
`);

export const SellerDetailsUpdateMutation = operation<G.SellerDetailsUpdateMutation, G.SellerDetailsUpdateMutationVariables>(/* GraphQL */ `
  mutation SellerDetailsUpdate($input: SellerDetailsInput!) {
    sellerDetailsUpdate(input: $input) { errors { field message } }
  }
`);
