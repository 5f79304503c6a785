// Maya's rule for giving money back: a void while the payment is not yet settled (the Manila
// day it was paid), a refund afterwards. Maya's own canVoid wins when it states it.
import { describe, expect, it } from 'vitest';
import type { MayaPayment } from './client';
import { mayaVoidable } from './maya.provider';

const paid = (over: Partial<MayaPayment>): MayaPayment => ({
  id: 'p', status: 'PAYMENT_SUCCESS', isPaid: true, amount: 100, currency: 'PHP', requestReferenceNumber: '1',
  verificationUrl: null, paymentAt: null, canVoid: null, canRefund: null, ...over,
});

describe('mayaVoidable', () => {
  it('follows Maya\'s canVoid when it says', () => {
    expect(mayaVoidable(paid({ canVoid: true, paymentAt: '2026-01-01T00:00:00Z' }), new Date('2026-03-01T00:00:00Z'))).toBe(true);
    expect(mayaVoidable(paid({ canVoid: false, paymentAt: '2026-03-01T00:00:00Z' }), new Date('2026-03-01T01:00:00Z'))).toBe(false);
  });

  it('otherwise voids only on the Manila day of the payment', () => {
    // 23:30 Manila on 1 March is 15:30 UTC; 00:30 Manila on 2 March is 16:30 UTC.
    const at = paid({ paymentAt: '2026-03-01T01:00:00Z' });
    expect(mayaVoidable(at, new Date('2026-03-01T15:30:00Z'))).toBe(true);
    expect(mayaVoidable(at, new Date('2026-03-01T16:30:00Z'))).toBe(false);
    expect(mayaVoidable(paid({ status: 'PAYMENT_FAILED', paymentAt: '2026-03-01T01:00:00Z' }), new Date('2026-03-01T02:00:00Z'))).toBe(false);
    expect(mayaVoidable(paid({}), new Date())).toBe(false);
  });
});
