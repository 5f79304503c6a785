import { describe, expect, it } from 'vitest';
import { paymentReturnMessage, paymentReturnOutcome } from './payment-return';

describe('the order page after a declined or cancelled payment', () => {
  it('reads only the outcomes it knows from ?payment=', () => {
    expect(paymentReturnOutcome('declined')).toBe('declined');
    expect(paymentReturnOutcome('cancelled')).toBe('cancelled');
    expect(paymentReturnOutcome('success')).toBeNull();
    expect(paymentReturnOutcome(null)).toBeNull();
  });

  it('says what happened and to pay again with Pay Now', () => {
    expect(paymentReturnMessage('declined', 'GCash', true)).toBe(
      'Your GCash payment was declined, so nothing was charged. Your order is waiting for payment: click Pay Now to try again.',
    );
    expect(paymentReturnMessage('cancelled', 'Paymaya On-demand', true)).toBe(
      'Your Debit/Credit Card payment was cancelled, so nothing was charged. Your order is waiting for payment: click Pay Now when you are ready to pay.',
    );
  });

  it('does not send the shopper to a Pay Now the order no longer offers', () => {
    expect(paymentReturnMessage('declined', 'GCash', false)).toBe('Your GCash payment was declined, so nothing was charged. This order can no longer be paid online.');
  });
});
