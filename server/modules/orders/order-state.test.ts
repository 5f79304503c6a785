import { describe, expect, it } from 'vitest';
import { InvalidTransitionError, nextStatus, ORDER_TRANSITIONS } from './order-state';

describe('order state machine', () => {
  it('creates orders in UNFULFILLED from a checkout', () => {
    expect(nextStatus(null, 'checkoutComplete', 'customer')).toBe('UNFULFILLED');
  });

  it('follows the docs/product/orders-and-payments.md#order-lifecycle table', () => {
    expect(nextStatus('UNFULFILLED', 'confirm', 'staff')).toBe('UNFULFILLED_ORDER_CONFIRMED');
    expect(nextStatus('UNFULFILLED', 'requestOrderCancel', 'customer')).toBe('PENDING_FOR_CANCELLATION');
    expect(nextStatus('PENDING_FOR_CANCELLATION', 'approveCancel', 'staff')).toBe('CANCELED');
    expect(nextStatus('PENDING_FOR_CANCELLATION', 'denyCancel', 'staff', 'UNFULFILLED')).toBe('UNFULFILLED');
    expect(nextStatus('UNFULFILLED_ORDER_CONFIRMED', 'cannotFulfil', 'staff')).toBe(
      'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE',
    );
    expect(nextStatus('UNFULFILLED_UNFORESEEN_CIRCUMSTANCE', 'reject', 'staff')).toBe('REJECTED');
    expect(nextStatus('UNFULFILLED_ORDER_CONFIRMED', 'fulfil', 'staff')).toBe('FULFILLED');
  });

  it('refuses any other transition and the wrong actor', () => {
    expect(() => nextStatus('UNFULFILLED_ORDER_CONFIRMED', 'requestOrderCancel', 'customer')).toThrow(
      InvalidTransitionError,
    );
    expect(() => nextStatus('FULFILLED', 'reject', 'staff')).toThrow(InvalidTransitionError);
    expect(() => nextStatus('UNFULFILLED', 'confirm', 'customer')).toThrow(InvalidTransitionError);
    expect(() => nextStatus('UNFULFILLED', 'checkoutComplete', 'customer')).toThrow(InvalidTransitionError);
  });

  it('returns stock only on cancel approval, reject and payment expiry', () => {
    expect(ORDER_TRANSITIONS.filter((t) => t.returnsStock).map((t) => t.event)).toEqual(['approveCancel', 'reject', 'expire']);
  });

  it('lets only the system expire an order, and only an unfulfilled one', () => {
    expect(nextStatus('UNFULFILLED', 'expire', 'system')).toBe('CANCELED');
    expect(() => nextStatus('UNFULFILLED', 'expire', 'staff')).toThrow(InvalidTransitionError);
    expect(() => nextStatus('UNFULFILLED', 'expire', 'customer')).toThrow(InvalidTransitionError);
    for (const from of ['UNFULFILLED_ORDER_CONFIRMED', 'PENDING_FOR_CANCELLATION', 'FULFILLED', 'CANCELED'] as const) {
      expect(() => nextStatus(from, 'expire', 'system')).toThrow(InvalidTransitionError);
    }
  });
});
