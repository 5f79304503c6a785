// The saved cards and payment methods screens get complete view models from the generated
// (all-nullable) result types.
import { describe, expect, it } from 'vitest';
import { toPaymentMethods, toSavedCards, tokenizerOf } from './cards';

describe('card view models', () => {
  it('maps saved cards, dropping one without an id', () => {
    const cards = toSavedCards({
      paymayaCards: {
        totalCount: 2,
        edges: [
          { node: { id: 'c1', name: 'Visa', cardType: 'visa', ccLastDigits: '4242', isDefault: true } },
          { node: { id: null, name: null, cardType: null, ccLastDigits: null, isDefault: null } },
        ],
      },
    });
    expect(cards).toEqual([{ id: 'c1', name: 'Visa', cardType: 'visa', ccLastDigits: '4242', isDefault: true }]);
    expect(toSavedCards({ paymayaCards: null })).toEqual([]);
  });

  it('maps payment methods and finds the card tokenizer in their config', () => {
    const methods = toPaymentMethods({
      paymentMethods: {
        edges: [
          {
            node: {
              id: 'm1',
              name: 'Card',
              gatewayName: 'Paymaya Vault',
              logo: null,
              config: [
                { field: 'tokenizerUrl', value: 'https://pay.example/tokens' },
                { field: 'publicKey', value: 'pk' },
                { field: null, value: 'ignored' },
              ],
            },
          },
        ],
      },
      me: null,
    });
    expect(methods[0]!.config).toHaveLength(2);
    expect(tokenizerOf(methods)).toEqual({ url: 'https://pay.example/tokens', publicKey: 'pk' });
  });
});
