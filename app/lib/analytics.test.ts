import { afterEach, describe, expect, it } from 'vitest';
import { setAnalyticsAdapter, track, type TrackedEvent } from './analytics';

afterEach(() => setAnalyticsAdapter({ track() {} }));

describe('analytics adapter', () => {
  it('sends events with currency PHP to the plugged-in adapter', () => {
    const seen: TrackedEvent[] = [];
    setAnalyticsAdapter({ track: (e) => seen.push(e) });
    track({ name: 'Purchase', value: 1299, orderId: 'O1' });
    track({ name: 'AddPaymentInfo', paymentMethod: 'Bank Deposit' });
    expect(seen).toEqual([
      { name: 'Purchase', value: 1299, orderId: 'O1', currency: 'PHP' },
      { name: 'AddPaymentInfo', paymentMethod: 'Bank Deposit', currency: 'PHP' },
    ]);
  });

  it('never lets a failing provider break the page', () => {
    setAnalyticsAdapter({
      track() {
        throw new Error('blocked by an ad blocker');
      },
    });
    expect(() => track({ name: 'InitiateCheckout', value: 10, numItems: 1 })).not.toThrow();
  });
});
