// The back office's promo codes (/staff/vouchers): the list, create, deactivate, delete.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

export type StaffVoucher = NonNullable<G.StaffVouchersQuery['vouchers']>[number];

export const StaffVouchersQuery = operation<G.StaffVouchersQuery, G.StaffVouchersQueryVariables>(/* GraphQL */ `
  query StaffVouchers {
    vouchers { id code name type discountValue minimumSpend { amount localized } usageLimit used applyOncePerCustomer startDate endDate isActive }
  }
`);

export const VoucherCreateMutation = operation<G.VoucherCreateMutation, G.VoucherCreateMutationVariables>(/* GraphQL */ `
  mutation VoucherCreate($input: VoucherCreateInput!) { voucherCreate(input: $input) { voucher { code } errors { field message } } }
`);

export const VoucherUpdateMutation = operation<G.VoucherUpdateMutation, G.VoucherUpdateMutationVariables>(/* GraphQL */ `
  mutation VoucherUpdate($id: ID!, $input: VoucherUpdateInput!) { voucherUpdate(id: $id, input: $input) { errors { field message } } }
`);

export const VoucherDeleteMutation = operation<G.VoucherDeleteMutation, G.VoucherDeleteMutationVariables>(/* GraphQL */ `
  mutation VoucherDelete($id: ID!) { voucherDelete(id: $id) { errors { field message } } }
`);
