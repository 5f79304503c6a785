// The back office's promo codes (/staff/vouchers): the list, create, deactivate, delete.
import { operation } from '../../common/graphql-operation';

type Errors = { errors: { field: string | null; message: string }[] };

export type StaffVoucher = {
  id: string;
  code: string;
  name: string;
  type: 'FIXED' | 'PERCENTAGE';
  discountValue: number;
  minimumSpend: { amount: number; localized: string };
  usageLimit: number | null;
  used: number;
  applyOncePerCustomer: boolean;
  startDate: string;
  endDate: string | null;
  isActive: boolean;
};

export const StaffVouchersQuery = operation<{ vouchers: StaffVoucher[] | null }>(/* GraphQL */ `
  query StaffVouchers {
    vouchers { id code name type discountValue minimumSpend { amount localized } usageLimit used applyOncePerCustomer startDate endDate isActive }
  }
`);

export type VoucherCreateVars = {
  code: string;
  name: string;
  type: 'FIXED' | 'PERCENTAGE';
  discountValue: number;
  minimumSpend?: number;
  usageLimit?: number | null;
  applyOncePerCustomer?: boolean;
  endDate?: string | null;
};

export const VoucherCreateMutation = operation<{ voucherCreate: (Errors & { voucher: { code: string } | null }) | null }, { input: VoucherCreateVars }>(/* GraphQL */ `
  mutation VoucherCreate($input: VoucherCreateInput!) { voucherCreate(input: $input) { voucher { code } errors { field message } } }
`);

export const VoucherUpdateMutation = operation<{ voucherUpdate: Errors | null }, { id: string; input: { isActive?: boolean; name?: string } }>(/* GraphQL */ `
  mutation VoucherUpdate($id: ID!, $input: VoucherUpdateInput!) { voucherUpdate(id: $id, input: $input) { errors { field message } } }
`);

export const VoucherDeleteMutation = operation<{ voucherDelete: Errors | null }, { id: string }>(/* GraphQL */ `
  mutation VoucherDelete($id: ID!) { voucherDelete(id: $id) { errors { field message } } }
`);
