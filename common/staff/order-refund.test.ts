import { describe, expect, it } from 'vitest';
import { checkRefundForm, overRefundFormMessage, REFUND_FORM_MESSAGES, refundConfirmation } from './order-refund';

describe("staff's refund form", () => {
  it('reads the amount typed, as centavos, and asks for a reason', () => {
    expect(checkRefundForm({ amount: '1,250', reason: ' Damaged screen ' })).toEqual({ ok: true, amount: 125000, reason: 'Damaged screen' });
    expect(checkRefundForm({ amount: '0.5', reason: 'x' })).toEqual({ ok: true, amount: 50, reason: 'x' });
    expect(checkRefundForm({ amount: '', reason: 'x' })).toEqual({ ok: false, field: 'amount', message: REFUND_FORM_MESSAGES.amount });
    expect(checkRefundForm({ amount: '0.00', reason: 'x' })).toMatchObject({ ok: false, field: 'amount' });
    expect(checkRefundForm({ amount: '1.005', reason: 'x' })).toMatchObject({ ok: false, field: 'amount' });
    expect(checkRefundForm({ amount: '100', reason: '  ' })).toEqual({ ok: false, field: 'reason', message: REFUND_FORM_MESSAGES.reason });
  });

  it('refuses more than is left', () => {
    expect(checkRefundForm({ amount: '5000.01', reason: 'x' }, 500000)).toEqual({ ok: false, field: 'amount', message: overRefundFormMessage(500000) });
    expect(checkRefundForm({ amount: '5000', reason: 'x' }, 500000)).toMatchObject({ ok: true, amount: 500000 });
  });

  it('confirms with the amount in words', () => {
    expect(refundConfirmation(125000)).toBe('Refund ₱1,250.00 (one thousand two hundred fifty pesos) to the customer?');
  });
});
