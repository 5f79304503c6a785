import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './order-status';
import { statusTone } from './status-tone';

describe('status tones', () => {
  it('gives every order and payment status a tone by what it means', () => {
    for (const s of ORDER_STATUSES) expect(statusTone('order', s)).toBeTruthy();
    for (const s of PAYMENT_STATUSES) expect(statusTone('payment', s)).toBeTruthy();
    expect(statusTone('order', 'UNFULFILLED')).toBe('waiting');
    expect(statusTone('order', 'PENDING_FOR_CANCELLATION')).toBe('attention');
    expect(statusTone('order', 'FULFILLED')).toBe('done');
    expect(statusTone('order', 'REJECTED')).toBe('failed');
    expect(statusTone('payment', 'FULLY_CHARGED')).toBe('done');
    expect(statusTone('payment', 'FAILED')).toBe('failed');
    expect(statusTone('payment', 'FULLY_REFUNDED')).toBe('closed');
  });

  it('shows an unknown code plainly', () => {
    expect(statusTone('payment', 'PARTIALLY_REFUNDED')).toBe('closed');
    expect(statusTone('order', null)).toBe('closed');
  });
});
