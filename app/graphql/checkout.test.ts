import { describe, expect, it } from 'vitest';
import { placedTotal, toActionContext, toAddressView, toCartSummary, toCheckoutView, toLineView } from './checkout';

const line = {
  id: 'L1',
  quantity: 2,
  quantityAvailable: 4,
  totalPrice: { gross: { amount: 2598 } },
  unitPrice: { gross: { amount: 1299 } },
  variant: { id: 'V1', name: 'Black', thumbnail: { url: '/media/mint/160.webp', alt: 'Case in Mint' }, product: { id: 'P1', name: 'Case', brand: null, isPreOrder: false, isFreeShippingFee: true, isInstallmentReady: true } },
};

describe('checkout mapping', () => {
  it('turns pesos back into centavos and knows pickup from delivery by type', () => {
    const view = toCheckoutView({
      id: 'C1',
      email: 'a@b.co',
      quantity: 2,
      lines: [line],
      subtotalPrice: { gross: { amount: 2598 } },
      totalPrice: { gross: { amount: 2498.5 } },
      shippingPrice: null,
      estimatedShippingFee: { amount: 240 },
      cashOnDeliveryAmount: null,
      hasInsurance: false,
      insurance: null,
      discount: { amount: 100 },
      discountName: 'SUKI100',
      voucherCode: 'SUKI100',
      billingAddress: null,
      shippingAddress: null,
      shippingMethod: { id: 'M2' },
      availableShippingMethods: [
        { id: 'M1', name: 'Pickup', type: 'PICKUP', price: { amount: 0 } },
        { id: 'M2', name: 'Delivery', type: 'DELIVERY', price: { amount: 0 } },
      ],
      availablePaymentGateways: [{ id: 'Bank Deposit', name: 'Bank Deposit', displayName: 'Bank Deposit', logo: '/gateways/bank-deposit.svg', config: [] }],
      paypalTransactionFee: { amount: 114.87 },
      paypalFee: { amount: 0 },
      unavailablePaymentGateways: [
        { name: 'Cash on Delivery', displayName: 'Cash on Delivery', logo: '/gateways/cash-on-delivery.svg', reason: 'NEEDS_DELIVERY', message: 'Cash on Delivery is available for delivery orders only.' },
      ],
    })!;
    expect(view.subtotal).toBe(259800);
    expect(view.total).toBe(249850);
    expect(view.estimatedShippingFee).toBe(24000);
    expect(view.discount).toBe(10000);
    expect(view.paypalFee).toBe(11487);
    // PayPal is not the chosen payment: the total holds no PayPal fee (ADR 040).
    expect(view.appliedPaypalFee).toBe(0);
    expect(view.unavailableGateways).toEqual([
      { name: 'Cash on Delivery', displayName: 'Cash on Delivery', logo: '/gateways/cash-on-delivery.svg', reason: 'NEEDS_DELIVERY', message: 'Cash on Delivery is available for delivery orders only.' },
    ]);
    expect(view.shippingMethods.map((m) => m.kind)).toEqual(['pickup', 'delivery']);
    expect(view.lines[0]).toMatchObject({ unitPrice: 129900, totalPrice: 259800, thumbnailUrl: '/media/mint/160.webp', thumbnailAlt: 'Case in Mint', stockQuantity: 4, isFreeShippingFee: true, isInstallmentReady: true });
  });

  it('shows the phone as the 10 digits after +63', () => {
    const address = toAddressView({
      firstName: 'Juan',
      lastName: 'Cruz',
      companyName: null,
      streetAddress1: '1 Rizal St.',
      streetAddress2: null,
      city: 'Makati City',
      cityArea: 'San Antonio',
      countryArea: 'Metro Manila',
      postalCode: '1203',
      phone: '+639171234567',
    });
    expect(address).toMatchObject({ phone: '9171234567', companyName: '', streetAddress2: '' });
    expect(toAddressView(null)).toBeNull();
  });

  it('has no cart summary without a checkout', () => {
    expect(toCartSummary(null)).toBeNull();
    expect(toCartSummary({ quantity: 2, lines: [line] })?.lines[0]?.productName).toBe('Case');
  });

  it('names a line as the product page does, brand first', () => {
    const branded = { ...line, variant: { ...line.variant, thumbnail: null, product: { ...line.variant.product, name: 'Galaxy A55', brand: { name: 'Samsung' } } } };
    expect(toLineView(branded)).toMatchObject({ productName: 'Samsung Galaxy A55', thumbnailAlt: 'Samsung Galaxy A55' });
    // A name that already starts with its brand is not doubled.
    const named = { ...branded, variant: { ...branded.variant, product: { ...branded.variant.product, name: 'Samsung Galaxy A55' } } };
    expect(toLineView(named).productName).toBe('Samsung Galaxy A55');
  });
});

describe('checkout mapping of the schema\'s nulls', () => {
  it('gives every nullable field its fallback', () => {
    const view = toCheckoutView({
      id: null,
      email: null,
      quantity: null,
      hasInsurance: null,
      discountName: null,
      voucherCode: null,
      lines: null,
      subtotalPrice: { gross: null },
      totalPrice: { gross: { amount: null } },
      shippingPrice: null,
      estimatedShippingFee: null,
      cashOnDeliveryAmount: null,
      insurance: null,
      discount: null,
      billingAddress: null,
      shippingAddress: null,
      shippingMethod: null,
      availableShippingMethods: [{ id: null, name: null, type: null, price: null }],
      availablePaymentGateways: [{ id: 'COD', name: null, displayName: null, logo: null, config: [{ field: null, value: null }] }],
      unavailablePaymentGateways: null,
      paypalTransactionFee: null,
      paypalFee: null,
    })!;
    expect(view).toMatchObject({ id: '', email: '', quantity: 0, hasInsurance: false, lines: [], subtotal: 0, total: 0, unavailableGateways: [] });
    expect(view.shippingMethods).toEqual([{ id: '', name: '', kind: 'pickup', price: 0 }]);
    expect(view.gateways).toEqual([{ id: 'COD', name: '', displayName: '', logo: '', config: [{ field: '', value: null }] }]);
    expect(toLineView({ id: null, quantity: null, quantityAvailable: null, totalPrice: null, unitPrice: null, variant: null })).toMatchObject({
      id: '',
      quantity: 0,
      productName: 'Unavailable product',
      stockQuantity: null,
    });
  });

  it('acts only on a checkout with an id, with the account email as the fallback contact', () => {
    expect(toActionContext({ me: null })).toBeNull();
    expect(toActionContext({ me: { email: 'a@b.co', firstName: null, lastName: null, checkout: { id: null, email: null, hasInsurance: null } } })).toBeNull();
    expect(
      toActionContext({ me: { email: 'a@b.co', firstName: 'Juan', lastName: null, checkout: { id: 'C1', email: null, hasInsurance: null } } }),
    ).toEqual({ checkoutId: 'C1', email: 'a@b.co', hasInsurance: false, userName: 'Juan' });
  });

  it('gives the placed total in centavos', () => {
    expect(placedTotal({ total: { gross: { amount: 2498.5 } } })).toBe(249850);
    expect(placedTotal({ total: null })).toBe(0);
  });
});
