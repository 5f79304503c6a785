// The payment step's groups (ADR 042).
import { describe, expect, it } from 'vitest';
import { defaultCardGateway, paymentChooserGroups } from './payment-groups';

const g = (id: string) => ({ id, name: id === 'Paymaya Vault' || id === 'Paymaya On-demand' ? 'Debit/Credit Card' : id, logo: `/gateways/${id}.svg` });
// The API's order (gateway-rules.ts), which the chooser does not follow.
const API_ORDER = ['Paymaya Vault', 'Paymaya On-demand', 'Paymaya Checkout', 'Paymaya App', 'Paypal Checkout', 'GCash', 'GrabPay', 'Alipay', 'WeChat Pay', 'BDO Online Banking', 'AUB Cashier', 'SwiftPay', 'iPay88', 'BillEase', 'TendoPay', 'Atome', '4Gives', 'Bank Deposit', 'Cash on Delivery'];

describe('payment chooser groups', () => {
  it('groups the methods, the most used first, GCash first among e-wallets, one card choice', () => {
    const groups = paymentChooserGroups(API_ORDER.map(g), []);
    expect(groups.map((x) => x.title)).toEqual(['E-wallets', 'Cards', 'Pay on delivery or at the bank', 'Online banking', 'Pay later']);
    const ids = (i: number) => groups[i]!.entries.map((e) => (e.kind === 'card' ? `card:${e.gateways.map((c) => c.id).join('+')}` : e.gateway.id));
    expect(ids(0)).toEqual(['GCash', 'Paymaya App', 'GrabPay', 'Paypal Checkout', 'Alipay', 'WeChat Pay']);
    expect(ids(1)).toEqual(['card:Paymaya Vault+Paymaya Checkout+Paymaya On-demand', 'iPay88']);
    expect(ids(2)).toEqual(['Cash on Delivery', 'Bank Deposit']);
    // 17 choices instead of 19 radios, and no two named alike.
    const names = groups.flatMap((x) => x.entries.map((e) => (e.kind === 'card' ? 'Debit/Credit Card' : e.gateway.name)));
    expect(names).toHaveLength(17);
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps an unavailable gateway in its place with its reason; the card choice is unavailable only when every card gateway is', () => {
    const available = API_ORDER.filter((id) => !['GCash', 'GrabPay', 'Paymaya Checkout', 'Paymaya On-demand'].includes(id)).map(g);
    const unavailable = [
      { ...g('GCash'), unavailable: 'GCash is available for orders up to ₱10,000.00.' },
      { ...g('GrabPay'), unavailable: 'GrabPay is available for orders up to ₱10,000.00.' },
      { ...g('Paymaya Checkout'), unavailable: 'Paymaya Checkout is not available for pre-order items (saved cards and PayPal only).' },
      { ...g('Paymaya On-demand'), unavailable: 'Debit/Credit Card is not available for pre-order items (saved cards and PayPal only).' },
    ];
    const [wallets, cards] = paymentChooserGroups(available, unavailable);
    expect(wallets!.entries.slice(0, 3).map((e) => (e.kind === 'gateway' ? [e.gateway.id, e.gateway.unavailable] : null))).toEqual([
      ['GCash', 'GCash is available for orders up to ₱10,000.00.'],
      ['Paymaya App', null],
      ['GrabPay', 'GrabPay is available for orders up to ₱10,000.00.'],
    ]);
    const card = cards!.entries[0]!;
    expect(card.kind === 'card' && [card.unavailable, card.gateways.map((c) => c.id)]).toEqual([null, ['Paymaya Vault', 'Paymaya Checkout', 'Paymaya On-demand']]);
    expect(card.kind === 'card' && defaultCardGateway(card.gateways, false)).toBe('Paymaya Vault');

    const noCard = paymentChooserGroups([], [{ ...g('Paymaya Vault'), unavailable: 'no' }, { ...g('Paymaya Checkout'), unavailable: 'nope' }]);
    expect(noCard[0]!.entries[0]).toMatchObject({ kind: 'card', unavailable: 'no' });
  });

  it('starts the card choice with the saved card, else a new card, else paying from the order', () => {
    const all = ['Paymaya Vault', 'Paymaya Checkout', 'Paymaya On-demand'].map((id) => ({ ...g(id), unavailable: null }));
    expect(defaultCardGateway(all, true)).toBe('Paymaya Vault');
    expect(defaultCardGateway(all, false)).toBe('Paymaya Checkout');
    expect(defaultCardGateway(all.filter((x) => x.id !== 'Paymaya Checkout'), false)).toBe('Paymaya On-demand');
    expect(defaultCardGateway([{ ...all[0]!, unavailable: 'x' }], true)).toBeNull();
  });
});
