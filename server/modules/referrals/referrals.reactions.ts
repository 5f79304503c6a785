// The Commissioner programme's part in orders and payments (docs/product/referrals.md): rewards
// earned when a patron's order is fulfilled and paid, reversed when its payment is refunded in
// whole, and where each order was placed from for the shared-origin rule. Each runs in the
// transaction of the change that raised it.
import { orderPlaced } from '../checkout/checkout.events';
import { orderFulfilledOrPaid } from '../orders/orders.events';
import { orderPaymentFullyRefunded } from '../payments/payments.events';
import { onEvent } from '../system/domain-events';
import { accrueOrderRewards, recordPurchaseOrigin, reverseOrderRewards } from './referrals.service';

onEvent(orderFulfilledOrPaid, async (ctx, order) => {
  await accrueOrderRewards(ctx, order);
});
onEvent(orderPaymentFullyRefunded, async (ctx, { orderId }) => {
  await reverseOrderRewards(ctx, orderId);
});
onEvent(orderPlaced, (ctx, order) => recordPurchaseOrigin(ctx, order));
