import { describe, expect, it } from 'vitest';
import { BANK_DEPOSIT_ACCOUNT } from '../checkout/gateways';
import { BANK_DETAILS_ROWS, bankDepositSteps, isBankDeposit, orderPlacedMessage, payFromOrderHint } from './order-placed';

describe('order placed texts', () => {
  it('tells a Paymaya On-demand shopper to pay from the order (ADR 042)', () => {
    expect(payFromOrderHint('Paymaya On-demand')).toBe('To pay for it by card, click Pay Now on the order.');
    expect(payFromOrderHint('Paymaya Checkout')).toBeNull();
    expect(payFromOrderHint('Bank Deposit')).toBeNull();
  });

  it("every gateway but BillEase and TendoPay gets the rulebook's wait-for-confirmation text", () => {
    for (const gateway of ['Bank Deposit', 'Cash on Delivery', 'GCash', 'Paypal Checkout']) {
      expect(orderPlacedMessage(gateway)).toBe('Your order has been placed! Please wait for your order to be confirmed.');
    }
  });

  it('BillEase and TendoPay customers wait for the confirmation email and follow it', () => {
    for (const gateway of ['BillEase', 'TendoPay', 'billease']) {
      expect(orderPlacedMessage(gateway)).toMatch(/confirmation email and follow its instructions/);
    }
  });

  it('Bank Deposit shows the account and the next steps with the amount and Order#', () => {
    expect(isBankDeposit('Bank Deposit')).toBe(true);
    expect(isBankDeposit('Cash on Delivery')).toBe(false);
    expect(BANK_DETAILS_ROWS.map(([, v]) => v)).toEqual([
      BANK_DEPOSIT_ACCOUNT.bank,
      BANK_DEPOSIT_ACCOUNT.accountName,
      BANK_DEPOSIT_ACCOUNT.accountNumber,
    ]);
    const steps = bankDepositSteps('₱1,000.00', 'ABC234DEF5');
    expect(steps[0]).toContain('₱1,000.00');
    expect(steps[0]).toContain('ABC234DEF5');
    expect(steps.join(' ')).toContain('Upload Deposit Slip');
  });
});
