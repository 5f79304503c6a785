// Staff manage promo codes beyond voucherCreate (MANAGE_CONTENT): voucherUpdate (deactivate,
// rename) and voucherDelete (only codes nobody used), Saleor's names.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { deleteVoucher, updateVoucher, VOUCHER_ADMIN_MESSAGES } from './checkout-staff.service';
import { VoucherRef } from './checkout-staff.schema';
import { DomainError } from '../../lib/domain-error';
import { parseId } from './checkout.schema';
import type { VoucherRow } from './vouchers.service';

const MANAGE_CONTENT = { permission: 'MANAGE_CONTENT' } as const;

function voucherId(id: string): number {
  try {
    return parseId(id, 'Voucher', 'id');
  } catch {
    throw new DomainError(VOUCHER_ADMIN_MESSAGES.notFound, 'id');
  }
}

const VoucherUpdateInput = builder.inputType('VoucherUpdateInput', {
  fields: (t) => ({
    name: t.string(),
    isActive: t.boolean({ description: 'False: the code is refused at checkout from now on.' }),
  }),
});

builder.mutationFields((t) => ({
  voucherUpdate: t.field({
    type: builder.objectRef<WithErrors<{ voucher: VoucherRow }>>('VoucherUpdate').implement({
      fields: (f) => ({
        voucher: f.field({ type: VoucherRef, nullable: true, resolve: (p) => p.voucher ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: 'Staff (MANAGE_CONTENT): deactivates, reactivates or renames a promo code.',
    authScopes: MANAGE_CONTENT,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: VoucherUpdateInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => runMutation(async () => ({ voucher: await updateVoucher(ctx, voucherId(String(id)), input) })),
  }),
  voucherDelete: t.field({
    type: builder.objectRef<WithErrors<{ id: number }>>('VoucherDelete').implement({
      fields: (f) => ({
        id: f.id({ nullable: true, resolve: (p) => (p.id === undefined ? null : encodeGlobalID('Voucher', p.id)) }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: 'Staff (MANAGE_CONTENT): deletes a promo code nobody has used (a used one is deactivated instead).',
    authScopes: MANAGE_CONTENT,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => runMutation(() => deleteVoucher(ctx, voucherId(String(id)))),
  }),
}));
