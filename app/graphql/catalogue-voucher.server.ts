// For the /cart action: turns the picked voucher variant and the typed amount into the voucher
// variant at that amount (created or reused by the API), whose id then goes into the cart.
import type { AppLoadContext } from 'react-router';
import { CART_MESSAGES } from '../../common/checkout/checkout-messages';
import { query } from '../lib/api.server';
import { CreateCustomVoucherMutation, VariantProductQuery } from './catalogue-voucher';

/** A refusal has the shape of the add-to-cart answer, so the /cart action can return it as is. */
export type CustomVoucherResult = { ok: true; variantId: string } | { ok: false; message: string; reason?: 'login' };

/**
 * `variantId`: any variant of the voucher product (the one the picker shows); `amount`: the
 * digits typed. Refusals carry the API's message ('Please enter an amount greater than PHP100',
 * 'Please enter a valid amount.', the login prompt).
 */
export async function customVoucherVariant(
  context: AppLoadContext,
  input: { variantId: string; amount: string },
): Promise<CustomVoucherResult> {
  const variant = (await query(context, VariantProductQuery, { id: input.variantId })).productVariants?.edges[0]?.node;
  if (!variant?.product) return { ok: false, message: CART_MESSAGES.genericError };
  const payload = (await query(context, CreateCustomVoucherMutation, { amount: input.amount, products: [variant.product.id] }))
    .createCustomVoucher;
  if (!payload?.voucher || payload.errors?.length) {
    const message = payload?.errors?.[0]?.message || CART_MESSAGES.genericError;
    // A session that ended meanwhile: the product page shows its signup/login prompt.
    return message === CART_MESSAGES.loginRequired ? { ok: false, reason: 'login', message } : { ok: false, message };
  }
  return { ok: true, variantId: payload.voucher.id };
}
