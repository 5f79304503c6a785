import { describe, expect, it } from 'vitest';
import {
  cancelDialogFor,
  canReOrder,
  canRequestCancel,
  canResendReceipt,
  canUploadDepositSlip,
  awaitsBankDeposit,
  reviewActionFor,
  type DepositSlipFacts,
} from './order-actions';
import { ORDER_STATUSES, type OrderStatus } from './order-status';

const only = (rule: (s: OrderStatus) => boolean) => ORDER_STATUSES.filter(rule);

describe('order actions (docs/product/orders-and-payments.md#order-actions)', () => {
  it('Re-order and Resend Receipt only for FULFILLED', () => {
    expect(only(canReOrder)).toEqual(['FULFILLED']);
    expect(only(canResendReceipt)).toEqual(['FULFILLED']);
  });

  it('Request for Cancel only when the status is exactly UNFULFILLED', () => {
    expect(only(canRequestCancel)).toEqual(['UNFULFILLED']);
  });

  it('a confirmed order opens the cannot-cancel dialog, otherwise the reason dialog', () => {
    expect(cancelDialogFor('UNFULFILLED_ORDER_CONFIRMED')).toBe('cannotCancel');
    expect(cancelDialogFor('UNFULFILLED')).toBe('reason');
  });

  it('Write a Review / Update Review only on lines of FULFILLED orders', () => {
    for (const status of ORDER_STATUSES) {
      if (status === 'FULFILLED') continue;
      expect(reviewActionFor(status, false)).toBeNull();
      expect(reviewActionFor(status, true)).toBeNull();
    }
    expect(reviewActionFor('FULFILLED', false)).toBe('Write a Review');
    expect(reviewActionFor('FULFILLED', true)).toBe('Update Review');
  });

  describe('Upload Deposit Slip', () => {
    const ok: DepositSlipFacts = {
      gateway: 'Bank Deposit',
      hasProofOfBilling: false,
      paymentStatus: 'NOT_CHARGED',
      status: 'UNFULFILLED_ORDER_CONFIRMED',
    };
    it('shows for a confirmed Bank Deposit order without proof that is not fully charged', () => {
      expect(canUploadDepositSlip(ok)).toBe(true);
    });
    it('needs the Bank Deposit gateway', () => {
      expect(canUploadDepositSlip({ ...ok, gateway: 'Cash on Delivery' })).toBe(false);
      expect(canUploadDepositSlip({ ...ok, gateway: null })).toBe(false);
    });
    it('hides once a proof of billing is there', () => {
      expect(canUploadDepositSlip({ ...ok, hasProofOfBilling: true })).toBe(false);
    });
    it('hides when the payment is FULLY_CHARGED', () => {
      expect(canUploadDepositSlip({ ...ok, paymentStatus: 'FULLY_CHARGED' })).toBe(false);
    });
    it('from placement while the order waits for payment, not after', () => {
      expect(only((status) => canUploadDepositSlip({ ...ok, status }))).toEqual(['UNFULFILLED', 'UNFULFILLED_ORDER_CONFIRMED']);
      expect(canUploadDepositSlip({ ...ok, status: 'UNFULFILLED', paymentStatus: 'FULLY_REFUNDED' })).toBe(false);
    });
  });

  describe('bank details on the order page', () => {
    const waiting = { gateway: 'Bank Deposit', paymentStatus: 'NOT_CHARGED', status: 'UNFULFILLED' as OrderStatus };
    it('show while a Bank Deposit order waits for payment, proof or not', () => {
      expect(only((status) => awaitsBankDeposit({ ...waiting, status }))).toEqual(['UNFULFILLED', 'UNFULFILLED_ORDER_CONFIRMED']);
    });
    it('hide once paid or refunded, and for other gateways', () => {
      expect(awaitsBankDeposit({ ...waiting, paymentStatus: 'FULLY_CHARGED' })).toBe(false);
      expect(awaitsBankDeposit({ ...waiting, paymentStatus: 'FULLY_REFUNDED' })).toBe(false);
      expect(awaitsBankDeposit({ ...waiting, gateway: 'GCash' })).toBe(false);
    });
  });
});
