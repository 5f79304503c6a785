// The seller's registered details: every page's footer (the root loader), the privacy page's
// data protection officer, and the back office's settings screen that edits them.
import type { SellerDetails } from '../../common/compliance/seller-details';
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

const FOOTER_FIELDS = ['registeredName', 'tradeName', 'tin', 'branchCode', 'businessAddress', 'registrationNumber', 'contactEmail', 'contactPhone'] as const;
export type SellerFooter = Pick<SellerDetails, (typeof FOOTER_FIELDS)[number]>;

/** The footer's fields as strings ('' where the API gave none). */
export function sellerFooterOf(details: G.SellerFooterQuery['sellerDetails']): SellerFooter {
  return Object.fromEntries(FOOTER_FIELDS.map((f) => [f, details?.[f] ?? ''])) as SellerFooter;
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
