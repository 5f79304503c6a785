// The cart's and checkout's write steps for the route actions: each calls the API through
// query() and answers { ok, ... } with the rulebook's first error message on failure.
import type { AppLoadContext } from 'react-router';
import { CART_MESSAGES, CHECKOUT_MESSAGES } from '../../common/checkout/checkout-messages';
import type { ApiFieldError } from '../../common/errors';
import { addressSchema } from '../../common/validation/address-schema';
import { validate } from '../../common/validation/issues';
import { query } from '../lib/api.server';
import { cartCount } from '../../common/checkout/cart-quantity';
import type { CartSummaryView } from '../components/checkout/types';
import {
  AddToCartContextQuery,
  CartSummaryQuery,
  CheckoutCreateMutation,
  CheckoutLinesUpdateMutation,
  toCartSummary,
} from './checkout';
import type { AddressInput } from './generated';
import { toProfileAddress, type ProfileAddress } from './accounts-profile';

export type AddToCartResult =
  | { ok: true; cartCount: number; notice?: string }
  | {
      ok: false;
      message: string;
      reason?: 'login' | 'address' | 'stock';
      detail?: string;
      /** With reason 'address': what is saved already, so the dialog completes it in place. */
      addresses?: { shipping: ProfileAddress | null; billing: ProfileAddress | null };
    };

export const OUT_OF_STOCK = 'Out of stock.';

export function firstMessage(errors: readonly ApiFieldError[] | null | undefined, fallback: string): string {
  return errors?.[0]?.message || fallback;
}

/**
 * Add to cart (docs/product/catalogue.md#add-to-cart): a signed-in customer with billing and shipping
 * addresses; creates the checkout with the line or adds the quantity to the existing one.
 */
export async function addToCart(
  context: AppLoadContext,
  input: { variantId: string; quantity: number },
): Promise<AddToCartResult> {
  const me = (await query(context, AddToCartContextQuery)).me;
  if (!me) return { ok: false, reason: 'login', message: CART_MESSAGES.loginRequired };
  if (!me.defaultBillingAddress || !me.defaultShippingAddress) {
    return {
      ok: false,
      reason: 'address',
      message: CART_MESSAGES.addressRequired,
      addresses: { shipping: toProfileAddress(me.defaultShippingAddress), billing: toProfileAddress(me.defaultBillingAddress) },
    };
  }
  const lines = [{ variantId: input.variantId, quantity: input.quantity }];
  const checkoutId = me.checkout?.id;
  const payload = checkoutId
    ? (await query(context, CheckoutLinesUpdateMutation, { checkoutId, lines })).checkoutLinesUpdate
    : (await query(context, CheckoutCreateMutation, { input: { lines, email: me.email } })).checkoutCreate;
  if (!payload?.checkout || payload.errors?.length) {
    const message = firstMessage(payload?.errors, CART_MESSAGES.genericError);
    // 'Out of stock.' comes with how many are left ("Only 2 left") when some are.
    const detail = payload?.errors?.[1]?.message;
    return message === OUT_OF_STOCK ? { ok: false, reason: 'stock', message, ...(detail ? { detail } : {}) } : { ok: false, message };
  }
  // More than is left: the line holds what can be bought, and the answer says so.
  const notice = payload.adjustments?.[0]?.message;
  return { ok: true, cartCount: payload.checkout.quantity ?? 0, ...(notice ? { notice } : {}) };
}

export { CHECKOUT_MESSAGES };

/** The header's cart: its lines and the count badge (the sum of line quantities). */
export async function getCartSummary(context: Pick<AppLoadContext, 'api'>): Promise<{ cart: CartSummaryView | null; cartCount: number }> {
  const cart = toCartSummary((await query(context, CartSummaryQuery)).me?.checkout);
  return { cart, cartCount: cart ? cartCount(cart.lines) : 0 };
}

/** One address of the checkout's address step, posted as JSON: checked with the shared schema. */
export function parseAddress(raw: FormDataEntryValue | null): { ok: true; address: AddressInput } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(String(raw ?? 'null'));
  } catch {
    return { ok: false, message: CHECKOUT_MESSAGES.addressInvalid };
  }
  const result = validate(addressSchema, value);
  if (!result.ok) return { ok: false, message: result.errors[0]?.message ?? CHECKOUT_MESSAGES.addressInvalid };
  return { ok: true, address: result.data };
}
