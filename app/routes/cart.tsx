// /cart: the cart page, and (through its action) the add-to-cart endpoint the product page
// posts to: intent=addToCart with variantId, quantity (and customAmount for vouchers).
import { data } from 'react-router';
import type { Route } from './+types/cart';
import { CART_MESSAGES } from '../../common/checkout/checkout-messages';
import { CartView } from '../components/cart/CartView';
import {
  CartPageQuery,
  CheckoutLineDeleteMutation,
  CheckoutLinesUpdateMutation,
  toCartPage,
} from '../graphql/checkout';
import { customVoucherVariant } from '../graphql/catalogue-voucher.server';
import { addToCart, firstMessage, type AddToCartResult } from '../graphql/checkout-actions.server';
import { query, requireViewer } from '../lib/api.server';

export const meta: Route.MetaFunction = () => [{ title: 'Your Cart | Suki' }];

export async function loader({ context }: Route.LoaderArgs) {
  await requireViewer(context);
  return toCartPage((await query(context, CartPageQuery)).me?.checkout);
}

/** message: on failure the rulebook's first error; on success, a line set to the stock left. */
type CartActionResult = { ok: boolean; message?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');

  if (intent === 'addToCart') {
    const variantId = String(form.get('variantId') ?? '');
    const quantity = Number.parseInt(String(form.get('quantity') ?? ''), 10);
    // The product page asks the shopper to pick ('Please select a variant') before it posts; a
    // request that still names no variant is answered in the rulebook's other words.
    if (!variantId) return data<AddToCartResult>({ ok: false, message: CART_MESSAGES.enterVariant });
    if (!Number.isInteger(quantity) || quantity < 1) {
      return data<AddToCartResult>({ ok: false, message: 'Please enter the quantity' });
    }
    // A voucher with a customer-chosen amount: the API creates (or reuses) the voucher variant
    // at that amount, and that variant goes into the cart.
    const customAmount = String(form.get('customAmount') ?? '').trim();
    if (customAmount) {
      const voucher = await customVoucherVariant(context, { variantId, amount: customAmount });
      if (!voucher.ok) return data<AddToCartResult>(voucher);
      return data<AddToCartResult>(await addToCart(context, { variantId: voucher.variantId, quantity }));
    }
    return data<AddToCartResult>(await addToCart(context, { variantId, quantity }));
  }

  const checkoutId = (await query(context, CartPageQuery)).me?.checkout?.id;
  if (!checkoutId) return data<CartActionResult>({ ok: false, message: CART_MESSAGES.emptyPanel });

  if (intent === 'updateLines') {
    const lines = parseLines(String(form.get('lines') ?? '[]'));
    if (!lines) return data<CartActionResult>({ ok: false, message: CART_MESSAGES.genericError });
    const payload = (
      await query(context, CheckoutLinesUpdateMutation, { checkoutId, lines, replace: true })
    ).checkoutLinesUpdate;
    if (!payload || payload.errors?.length) {
      return data<CartActionResult>({ ok: false, message: firstMessage(payload?.errors, CART_MESSAGES.genericError) });
    }
    const notice = payload.adjustments?.map((a) => a.message).join(' ');
    return data<CartActionResult>(notice ? { ok: true, message: notice } : { ok: true });
  }

  if (intent === 'deleteLine') {
    const lineId = String(form.get('lineId') ?? '');
    const payload = (await query(context, CheckoutLineDeleteMutation, { checkoutId, lineId }))
      .checkoutLineDelete;
    if (!payload || payload.errors?.length) {
      return data<CartActionResult>({ ok: false, message: CART_MESSAGES.unableToRemove });
    }
    return data<CartActionResult>({ ok: true });
  }

  return data<CartActionResult>({ ok: false, message: CART_MESSAGES.genericError }, { status: 400 });
}

/** Update Cart's lines: every line's variant and quantity (0 removes the line). */
function parseLines(json: string): { variantId: string; quantity: number }[] | null {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return null;
    const lines = value.map((l: { variantId?: unknown; quantity?: unknown }) => ({
      variantId: String(l.variantId ?? ''),
      quantity: Number(l.quantity),
    }));
    return lines.every((l) => l.variantId && Number.isInteger(l.quantity) && l.quantity >= 0) ? lines : null;
  } catch {
    return null;
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CartView lines={loaderData.lines} subtotal={loaderData.subtotal} />;
}
