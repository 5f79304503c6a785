import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from './order-status';
import { PAYMENT_LABELS as L, paymentStatusLabel, paymentStatusName, type PaymentLabelFacts } from './payment-status-label';

const facts = (over: Partial<PaymentLabelFacts>): PaymentLabelFacts => ({
  paymentStatus: 'NOT_CHARGED',
  captureStatus: 'NOT_CAPTURED',
  status: 'UNFULFILLED',
  hasProofOfBilling: false,
  ...over,
});

describe('payment status label (docs/product/orders-and-payments.md#payment-status-label, checked in this order)', () => {
  it('1. NOT_CHARGED with NOT_CAPTURED: Pending (before the order-status rule)', () => {
    expect(paymentStatusLabel(facts({}))).toBe('Pending');
    expect(paymentStatusLabel(facts({ status: 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE' }))).toBe('Pending');
  });

  it.each([
    ['PAYMAYA_VAULT_CAPTURE_FAILED', false, L.captureFailed],
    ['PAYMAYA_CHECKOUT_CAPTURE_FAILED', false, L.captureFailed],
    ['PAYMAYA_VAULT_CAPTURE_SUCCESS', false, L.vaultSuccess],
    ['PAYMAYA_CHECKOUT_CAPTURE_SUCCESS', false, 'Order confirmed!'],
    ['UNFULFILLED_ORDER_CONFIRMED', true, 'Proof of billing received!'],
    ['UNFULFILLED_ORDER_CONFIRMED', false, 'Order confirmed! Please upload your proof of payment to proceed with this order.'],
    ['BANK_DEPOSIT_CAPTURE_FAILED', false, 'Order confirmed! Please re-upload your proof of payment.'],
    ['CASH_ON_DELIVERY_CAPTURE_SUCCESS', false, 'Order confirmed!'],
    ['CASH_ON_DELIVERY_CAPTURE_FAILED', false, 'Sorry! Cash on delivery is not available.'],
    ['WECHAT_PAY_CAPTURE_SUCCESS', false, 'Order confirmed! Please pay your remaining balance to continue with the transaction.'],
    ['WECHAT_PAY_CAPTURE_FAILED', false, 'Payment capture failed!'],
    ['CAPTURED', false, 'Unpaid'],
    // ADR 040: a pre-order's PayPal payment held until confirmation, and one not captured there.
    ['AUTHORIZED', false, 'Payment authorised! You will be charged once we confirm your order.'],
    ['PAYPAL_CHECKOUT_CAPTURE_FAILED', false, L.captureFailed],
  ] as const)('2. NOT_CHARGED with %s (proof %s): %s', (captureStatus, hasProofOfBilling, label) => {
    expect(paymentStatusLabel(facts({ captureStatus, hasProofOfBilling }))).toBe(label);
  });

  it('the exact texts of rule 2', () => {
    expect(L.captureFailed).toBe('Payment Captured failed! Click the Pay Now button to change your payment method.');
    expect(L.vaultSuccess).toBe('Order confirmed! Click the Pay Now button to continue payment.');
  });

  it('2. a capture status rule 2 does not list falls to the later rules', () => {
    expect(paymentStatusLabel(facts({ captureStatus: 'PAYPAL_CHECKOUT_CAPTURE_SUCCESS' }))).toBe('');
    expect(
      paymentStatusLabel(facts({ captureStatus: 'ALIPAY_CAPTURE_SUCCESS', status: 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE' })),
    ).toBe('Rejected');
  });

  it('3. FULLY_CHARGED: Paid; FULLY_REFUNDED: Refunded (before the order-status rule)', () => {
    expect(paymentStatusLabel(facts({ paymentStatus: 'FULLY_CHARGED', captureStatus: 'CAPTURED' }))).toBe('Paid');
    expect(paymentStatusLabel(facts({ paymentStatus: 'FULLY_REFUNDED' }))).toBe('Refunded');
    expect(
      paymentStatusLabel(facts({ paymentStatus: 'FULLY_CHARGED', status: 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE' })),
    ).toBe('Paid');
  });

  it('4. REJECTED payment or UNFULFILLED_UNFORESEEN_CIRCUMSTANCE order: Rejected', () => {
    expect(paymentStatusLabel(facts({ paymentStatus: 'REJECTED' }))).toBe('Rejected');
    expect(
      paymentStatusLabel(facts({ paymentStatus: 'CASH_ON_DELIVERY_PENDING', status: 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE' })),
    ).toBe('Rejected');
    expect(paymentStatusLabel(facts({ paymentStatus: 'FAILED', status: 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE' }))).toBe(
      'Rejected',
    );
  });

  it('5. FAILED, PAY_IN_INSTALLMENT_READY, CASH_ON_DELIVERY_PENDING', () => {
    expect(paymentStatusLabel(facts({ paymentStatus: 'FAILED' }))).toBe('Failed');
    expect(paymentStatusLabel(facts({ paymentStatus: 'PAY_IN_INSTALLMENT_READY' }))).toBe('Pay in Installment Ready');
    expect(paymentStatusLabel(facts({ paymentStatus: 'CASH_ON_DELIVERY_PENDING' }))).toBe('Cash on delivery - Pending');
  });

  it('our own row (ADR 050): PARTIALLY_CHARGED asks for the remaining balance while the order is open', () => {
    expect(paymentStatusLabel(facts({ paymentStatus: 'PARTIALLY_CHARGED', captureStatus: 'WECHAT_PAY_CAPTURE_SUCCESS' }))).toBe(L.weChatBalance);
    expect(paymentStatusLabel(facts({ paymentStatus: 'PARTIALLY_CHARGED', status: 'UNFULFILLED_ORDER_CONFIRMED' }))).toBe(L.weChatBalance);
    expect(paymentStatusLabel(facts({ paymentStatus: 'PARTIALLY_CHARGED', status: 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE' }))).toBe('Rejected');
    expect(paymentStatusLabel(facts({ paymentStatus: 'PARTIALLY_CHARGED', status: 'CANCELED' }))).toBe('');
  });

  it('6. anything else: empty', () => {
    expect(paymentStatusLabel(facts({ paymentStatus: 'SOMETHING_NEW' }))).toBe('');
  });
});

describe('payment status names (the back office)', () => {
  it('names every payment status code in words, never the code', () => {
    for (const code of PAYMENT_STATUSES) {
      const name = paymentStatusName(code);
      expect(name).not.toBe('');
      expect(name).not.toMatch(/[A-Z]{2,}_|_/);
    }
    expect(paymentStatusName('NOT_CHARGED')).toBe('Not Charged');
    expect(paymentStatusName('FULLY_CHARGED')).toBe('Paid');
    expect(paymentStatusName('FULLY_REFUNDED')).toBe('Refunded');
    expect(paymentStatusName('CASH_ON_DELIVERY_PENDING')).toBe(L.codPending);
  });

  it('reads a code it does not know as words, and nothing as nothing', () => {
    expect(paymentStatusName('PARTIALLY_REFUNDED')).toBe('Partially Refunded');
    expect(paymentStatusName(null)).toBe('');
  });
});
