import { describe, expect, it } from 'vitest';
import {
  cartCount,
  cartSaveLines,
  cartTotals,
  cartUpdateLines,
  decrementQuantity,
  incrementQuantity,
  parseTypedQuantity,
  settleEdits,
} from './cart-quantity';
import { initialStepsState, isStepEnabled, needsShippingAddress, shippingKindAt, stepsReducer } from './checkout-steps';
import { afterPlaceOrder, gatewayDisplayName } from './gateways';
import { formatPesoWhole, formatShippingEstimate, formatShippingMethodPrice, shippingSummaryLabel } from './shipping-display';

describe('shipping display', () => {
  it('shows TBD while the estimate is zero', () => {
    expect(formatShippingEstimate(0)).toBe('TBD');
    expect(formatShippingEstimate(40)).toBe('TBD'); // ₱0.40 rounds to 0
  });

  it('shows a range from a third of the estimate up to the estimate, both rounded', () => {
    expect(formatShippingEstimate(30000)).toBe('₱100.00 - ₱300.00');
    expect(formatShippingEstimate(25000)).toBe('₱83.00 - ₱250.00');
    expect(formatShippingEstimate(15050)).toBe('₱50.00 - ₱151.00');
  });

  it('labels the summary shipping line by method, free lines, price and estimate', () => {
    const base = { allLinesShipFree: false, shippingPriceCentavos: 0, estimateCentavos: 0 };
    expect(shippingSummaryLabel({ ...base, kind: null })).toBe('TBD');
    expect(shippingSummaryLabel({ ...base, kind: 'pickup', shippingPriceCentavos: 500 })).toBe('FREE');
    expect(shippingSummaryLabel({ ...base, kind: 'delivery', allLinesShipFree: true })).toBe('FREE');
    expect(shippingSummaryLabel({ ...base, kind: 'delivery', shippingPriceCentavos: 24000 })).toBe('₱240.00');
    expect(shippingSummaryLabel({ ...base, kind: 'delivery', estimateCentavos: 36000 })).toBe('₱120.00 - ₱360.00');
  });

  it('writes delivery prices in ₱ like every other amount, and pickup as free', () => {
    expect(formatPesoWhole(150)).toBe('₱150.00');
    expect(formatPesoWhole(1250.4)).toBe('₱1,250.00');
    expect(formatShippingMethodPrice('delivery', 12000)).toBe('₱120.00');
    expect(formatShippingMethodPrice('pickup', 0)).toBe('FREE');
  });
});

describe('cart quantities', () => {
  it('counts the sum of line quantities', () => {
    expect(cartCount([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
    expect(cartCount([])).toBe(0);
  });

  it('never lets the minus go below 0', () => {
    expect(decrementQuantity(2)).toBe(1);
    expect(decrementQuantity(1)).toBe(0);
    expect(decrementQuantity(0)).toBe(0);
    expect(incrementQuantity(1)).toBe(2);
  });

  it('accepts typed digits only and lets the field be emptied', () => {
    expect(parseTypedQuantity('12', 3)).toBe(12);
    expect(parseTypedQuantity('', 3)).toBeNull();
    expect(parseTypedQuantity('1a', 3)).toBe(3);
    expect(parseTypedQuantity('-1', 3)).toBe(3);
    expect(parseTypedQuantity('5000', 3)).toBe(999);
  });

  it('sends every line on Update Cart, an emptied field as 0', () => {
    const lines = [
      { id: 'L1', variantId: 'V1', quantity: 1 },
      { id: 'L2', variantId: 'V2', quantity: 4 },
      { id: 'L3', variantId: 'V3', quantity: 2 },
    ];
    expect(cartUpdateLines(lines, { L1: 3, L3: null })).toEqual([
      { lineId: 'L1', variantId: 'V1', quantity: 3 },
      { lineId: 'L2', variantId: 'V2', quantity: 4 },
      { lineId: 'L3', variantId: 'V3', quantity: 0 },
    ]);
  });

  // '+' changed the stepper but not the totals, and Checkout went on with the old quantity.
  const priced = [
    { id: 'L1', variantId: 'V1', quantity: 1, unitPrice: 1_000_00, totalPrice: 1_000_00 },
    { id: 'L2', variantId: 'V2', quantity: 4, unitPrice: 250_00, totalPrice: 1_000_00 },
  ];
  it('recalculates each line and the subtotal from the edited quantities at once', () => {
    expect(cartTotals(priced, {}, 2_000_00)).toEqual({ lineTotals: { L1: 1_000_00, L2: 1_000_00 }, subtotal: 2_000_00 });
    expect(cartTotals(priced, { L1: 2, L2: null }, 2_000_00)).toEqual({ lineTotals: { L1: 2_000_00, L2: 0 }, subtotal: 2_000_00 });
    expect(cartTotals(priced, { L2: 5 }, 2_000_00).subtotal).toBe(2_250_00);
  });

  it("saves only the changed lines while the customer chooses, and a 0 or an emptied field only when asked", () => {
    expect(cartSaveLines(priced, { L1: 1, L2: 5 }, false)).toEqual([{ lineId: 'L2', variantId: 'V2', quantity: 5 }]);
    expect(cartSaveLines(priced, { L1: 0, L2: null }, false)).toEqual([]);
    expect(cartSaveLines(priced, { L1: 0, L2: null }, true)).toEqual([
      { lineId: 'L1', variantId: 'V1', quantity: 0 },
      { lineId: 'L2', variantId: 'V2', quantity: 0 },
    ]);
  });

  it('keeps the edits made while a save was on its way, and drops the saved ones (even when the stock cut them)', () => {
    expect(settleEdits({ L1: 3, L2: 6 }, { L1: 3, L2: 5 })).toEqual({ L2: 6 });
    expect(settleEdits({ L1: null, L3: 2 }, { L1: 0 })).toEqual({ L3: 2 });
  });
});

describe('checkout steps', () => {
  it('enables the address step after shipping and payment after the address', () => {
    let s = initialStepsState;
    expect([0, 1, 2].map((n) => isStepEnabled(s, n as 0 | 1 | 2))).toEqual([true, false, false]);
    // Opening a disabled step does nothing.
    expect(stepsReducer(s, { type: 'open', step: 2 })).toBe(s);
    expect(stepsReducer(s, { type: 'addressSaved' })).toBe(s);

    s = stepsReducer(s, { type: 'shippingSaved', methodId: 'M2', kind: 'delivery', price: 15000, hasInsurance: true });
    expect(s.active).toBe(1);
    expect([0, 1, 2].map((n) => isStepEnabled(s, n as 0 | 1 | 2))).toEqual([true, true, false]);

    s = stepsReducer(s, { type: 'addressSaved' });
    expect(s.active).toBe(2);
    expect(isStepEnabled(s, 2)).toBe(true);
    // Going back to the address step keeps payment reachable.
    s = stepsReducer(s, { type: 'open', step: 1 });
    expect(s.active).toBe(1);
    expect(isStepEnabled(s, 2)).toBe(true);
  });

  it('resets everything when the Shipping Method header is clicked', () => {
    let s = stepsReducer(initialStepsState, {
      type: 'shippingSaved',
      methodId: 'M2',
      kind: 'delivery',
      price: 15000,
      hasInsurance: true,
    });
    s = stepsReducer(s, { type: 'addressSaved' });
    s = stepsReducer(s, { type: 'resetToShipping' });
    expect(s).toEqual(initialStepsState);
    expect(isStepEnabled(s, 1)).toBe(false);
  });

  it('saving a new shipping method asks for the address again', () => {
    let s = stepsReducer(initialStepsState, { type: 'shippingSaved', methodId: 'M1', kind: 'pickup', price: 0, hasInsurance: false });
    s = stepsReducer(s, { type: 'addressSaved' });
    s = stepsReducer(s, { type: 'shippingSaved', methodId: 'M2', kind: 'delivery', price: 100, hasInsurance: false });
    expect(s.addressDone).toBe(false);
    expect(isStepEnabled(s, 2)).toBe(false);
  });

  it('offers insurance only for delivery', () => {
    const pickup = stepsReducer(initialStepsState, { type: 'shippingSaved', methodId: 'M1', kind: 'pickup', price: 0, hasInsurance: true });
    expect(pickup.hasInsurance).toBe(false);
    expect(stepsReducer(pickup, { type: 'insuranceChanged', hasInsurance: true }).hasInsurance).toBe(false);
  });

  it('knows pickup from delivery by position and that pickup needs no shipping address', () => {
    expect(shippingKindAt(0)).toBe('pickup');
    expect(shippingKindAt(1)).toBe('delivery');
    expect(shippingKindAt(2)).toBeNull();
    expect(needsShippingAddress('pickup')).toBe(false);
    expect(needsShippingAddress('delivery')).toBe(true);
  });
});

describe('gateways', () => {
  it('sends Bank Deposit and COD to the orders page with the method', () => {
    expect(afterPlaceOrder('Bank Deposit', null)).toEqual({
      kind: 'orders',
      url: '/account/orders?status=success&method=Bank%20Deposit',
    });
    expect(afterPlaceOrder('Cash on Delivery', 'https://ignored').kind).toBe('orders');
  });

  it('redirects provider gateways to their redirect address', () => {
    expect(afterPlaceOrder('GCash', 'https://pay.example/1')).toEqual({ kind: 'redirect', url: 'https://pay.example/1' });
  });

  it('follows each Maya card gateway as the rulebook lists it (ADR 042)', () => {
    // Paymaya On-demand: any other gateway, so the orders page, even with an address given.
    expect(afterPlaceOrder('Paymaya On-demand', '/card/new?order=T3JkZXI6MQ==')).toEqual({
      kind: 'orders',
      url: '/account/orders?status=success&method=Paymaya%20On-demand',
    });
    // Paymaya Checkout: the on-demand card payment's verificationUrl, else 'Payment sent!'.
    expect(afterPlaceOrder('Paymaya Checkout', 'https://maya.example/verify/1')).toEqual({ kind: 'redirect', url: 'https://maya.example/verify/1' });
    expect(afterPlaceOrder('Paymaya Checkout', null, { cardPayment: 'sent' })).toEqual({
      kind: 'paymentSent',
      url: '/account/orders?status=success&method=Paymaya%20Checkout',
    });
    expect(afterPlaceOrder('Paymaya Checkout', null, { cardPayment: 'failed' }).kind).toBe('paymentFailed');
  });

  it('shows Paymaya card gateways as Debit/Credit Card', () => {
    expect(gatewayDisplayName('Paymaya Vault')).toBe('Debit/Credit Card');
    expect(gatewayDisplayName('Bank Deposit')).toBe('Bank Deposit');
  });
});
