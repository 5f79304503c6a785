import { describe, expect, it } from 'vitest';
import { allowedGateways, paymentWindowMinutesOf, refusalOf, SPEC_GATEWAYS, type CheckoutFacts } from './gateway-rules';

const facts: CheckoutFacts = {
  total: 5_000_00,
  isDelivery: true,
  hasPreOrderLine: false,
  allInstallmentReady: true,
  codMaximumOrder: 50_000_00,
  voucherGateway: null,
};

const ids = (f: CheckoutFacts) => allowedGateways(SPEC_GATEWAYS, f).map((g) => g.id);

describe('gateway rules over the rulebook gateway list', () => {
  it('lists all 19 rulebook gateways, in priority order, when nothing restricts them', () => {
    expect(SPEC_GATEWAYS).toHaveLength(19);
    expect(ids(facts)).toEqual(SPEC_GATEWAYS.map((g) => g.id));
  });

  it('offers installment gateways only when every line is installment-ready', () => {
    const list = ids({ ...facts, allInstallmentReady: false });
    for (const name of ['BillEase', 'TendoPay', 'Atome', '4Gives']) expect(list).not.toContain(name);
    expect(list).toContain('GCash');
  });

  it('pre-order lines are paid only with saved cards and PayPal', () => {
    expect(ids({ ...facts, hasPreOrderLine: true })).toEqual(['Paymaya Vault', 'Paypal Checkout']);
  });

  it('applies per-gateway maximum order amounts', () => {
    const over10k = ids({ ...facts, total: 10_000_01 });
    expect(over10k).not.toContain('GCash');
    expect(over10k).not.toContain('GrabPay');
    expect(ids({ ...facts, total: 10_000_00 })).toContain('GCash');
    const over100k = ids({ ...facts, total: 100_000_01 });
    expect(over100k).not.toContain('TendoPay');
    expect(over100k).toContain('BillEase');
    expect(ids({ ...facts, total: 150_000_01 })).not.toContain('BillEase');
  });

  it('cash on delivery only for delivery orders up to the COD maximum', () => {
    const cod = SPEC_GATEWAYS.find((g) => g.id === 'Cash on Delivery')!;
    expect(refusalOf(cod, { ...facts, isDelivery: false })).toBe('NEEDS_DELIVERY');
    expect(refusalOf(cod, { ...facts, total: 50_000_01 })).toBe('OVER_COD_MAXIMUM');
    expect(refusalOf(cod, { ...facts, total: 50_000_00 })).toBeNull();
    expect(ids({ ...facts, isDelivery: false })).toContain('Bank Deposit');
  });

  it('a promo tied to a gateway leaves only that gateway', () => {
    expect(ids({ ...facts, voucherGateway: 'GCash' })).toEqual(['GCash']);
  });

  it('gives each gateway a payment window: 48 hours for a deposit, 1 hour online, none for cash on delivery', () => {
    expect(paymentWindowMinutesOf('Bank Deposit')).toBe(48 * 60);
    for (const id of ['GCash', 'Paypal Checkout', 'Paymaya Checkout', 'BillEase', 'BDO Online Banking']) {
      expect(paymentWindowMinutesOf(id)).toBe(60);
    }
    expect(paymentWindowMinutesOf('Cash on Delivery')).toBeNull();
    // A held saved card waits for staff's confirmation, however long a pre-order takes (ADR 040).
    expect(paymentWindowMinutesOf('Paymaya Vault')).toBeNull();
    expect(paymentWindowMinutesOf('No such gateway')).toBeNull();
  });
});
