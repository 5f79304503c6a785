// Re-ordering: the lines of a customer's fulfilled order that can still be bought go back into
// their cart. It builds a checkout from an order, so it belongs to checkout, which stands on
// orders (docs/decisions/046-one-way-modules.md).
import type { FieldError } from '../../../common/errors';
import { canReOrder } from '../../../common/orders/order-actions';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { getVariantSnapshots } from '../catalogue/catalogue.service';
import { ORDER_ACTION_MESSAGES, ownOrder } from '../orders/order-actions.service';
import { linesOfOrder } from '../orders/orders.service';
import { createCheckout } from './checkout-lines.service';

export type ReOrderResult = { checkoutId: number | null; errors: FieldError[] };

/**
 * reOrder: the lines of a FULFILLED order that can still be bought go into the customer's cart
 * (one cart per customer: a new checkout, or the existing one) through the checkout service.
 * Lines no longer available are reported in `errors`; none available fails with 'Unable to re-order'.
 */
export async function reOrder(ctx: ServiceContext, orderId: number): Promise<ReOrderResult> {
  const order = await ownOrder(ctx, orderId, ORDER_ACTION_MESSAGES.reOrderFailed);
  if (!canReOrder(order.status)) throw new DomainError(ORDER_ACTION_MESSAGES.reOrderFailed, 'order');
  const lines = await linesOfOrder(ctx, order.id);
  const snapshots = await getVariantSnapshots(
    ctx,
    lines.map((l) => l.variantId),
  );
  const available: { variantId: number; quantity: number }[] = [];
  const errors: FieldError[] = [];
  for (const line of lines) {
    const variant = snapshots.get(line.variantId);
    if (variant?.isAvailable && variant.stockQuantity >= line.quantity) {
      available.push({ variantId: line.variantId, quantity: line.quantity });
    } else {
      errors.push({ field: 'lines', message: ORDER_ACTION_MESSAGES.noLongerAvailable(`${line.productName} (${line.variantName})`) });
    }
  }
  if (available.length === 0) {
    throw new DomainError([{ field: 'order', message: ORDER_ACTION_MESSAGES.reOrderFailed }, ...errors]);
  }
  const checkout = await createCheckout(ctx, { lines: available });
  return { checkoutId: checkout.row.id, errors };
}

