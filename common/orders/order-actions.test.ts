import { describe, expect, it } from 'vitest';
import {
  cancelDialogFor,
  canReOrder,
  canRequestCancel,
  canResendReceipt,
  canUploadDepositSlip,
  reviewActionFor,
  type DepositSlipFacts,
} from './order-actions';
import { ORDER_STATUSES, type OrderStatus } from './order-status';

const only = (rule: (s: OrderStatus) => boolean) => ORDER_STATUSES.filter(rule);

describe('order actions (spec 1 "Order actions")', () => {
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
    it('only in status UNFULFILLED_ORDER_CONFIRMED', () => {
      expect(only((status) => canUploadDepositSlip({ ...ok, status }))).toEqual(['UNFULFILLED_ORDER_CONFIRMED']);
    });
  });
});
