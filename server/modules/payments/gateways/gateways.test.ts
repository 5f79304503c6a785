import { describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../../graphql/context';
import { findGateway, GATEWAYS } from './gateways';

const ctx = {} as ServiceContext;
const input = {
  paymentId: 1,
  orderId: 1,
  orderReferenceKey: 'ABCDEFGHJK',
  amount: 1_000_00,
  token: '',
  customerEmail: 'a@b.ph',
};

describe('implemented gateways', () => {
  it("are listed in the rulebook's priority order, found by name in any case", () => {
    expect(GATEWAYS.map((g) => g.info.id)).toEqual([
      'Paymaya Vault',
      'Paymaya On-demand',
      'Paymaya Checkout',
      'Paymaya App',
      'Paypal Checkout',
      'GCash',
      'GrabPay',
      'Alipay',
      'WeChat Pay',
      'BDO Online Banking',
      'AUB Cashier',
      'SwiftPay',
      'iPay88',
      'BillEase',
      'TendoPay',
      'Atome',
      '4Gives',
      'Bank Deposit',
      'Cash on Delivery',
    ]);
    expect(findGateway('cash on delivery')?.info.id).toBe('Cash on Delivery');
    expect(findGateway('gcash')?.info.id).toBe('GCash');
    expect(findGateway('paymaya checkout')?.info.id).toBe('Paymaya Checkout');
  });

  it('Bank Deposit charges nothing and shows the account to pay into', async () => {
    const gateway = findGateway('Bank Deposit')!;
    expect(gateway.config(ctx).map((c) => c.field)).toEqual(['bank', 'accountName', 'accountNumber']);
    expect(await gateway.process(ctx, input)).toEqual({
      chargeStatus: 'NOT_CHARGED',
      captureStatus: 'NOT_CAPTURED',
      redirectUrl: null,
      qrCode: null,
    });
  });

  it('Cash on Delivery is pending until staff confirm it; the courier collects once it ships (ADR 045)', async () => {
    const result = await findGateway('Cash on Delivery')!.process(ctx, input);
    expect([result.chargeStatus, result.captureStatus]).toEqual(['NOT_CHARGED', 'NOT_CAPTURED']);
  });
});
