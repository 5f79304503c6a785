import { describe, expect, it } from 'vitest';
import {
  cashOnDeliveryFeeFor,
  computeTotals,
  DEFAULT_CHECKOUT_SETTINGS as settings,
  discountFor,
  insuranceFor,
  paypalFeeFor,
  shippingFeeFor,
  type PricedLine,
  type RateTable,
  type TotalsInput,
} from './checkout-totals';

// Metro Manila's demo rate table.
const table: RateTable = {
  rates: [
    { maxWeightGrams: 1000, price: 150_00 },
    { maxWeightGrams: 500, price: 100_00 },
    { maxWeightGrams: 3000, price: 220_00 },
    { maxWeightGrams: 5000, price: 300_00 },
  ],
  extraPerKgPrice: 50_00,
};

const line = (unitPrice: number, quantity: number, weightGrams = 0, isFreeShippingFee = false): PricedLine => ({
  unitPrice,
  quantity,
  weightGrams,
  isFreeShippingFee,
});

const base: TotalsInput = {
  lines: [],
  shipping: null,
  rateTable: table,
  hasInsurance: false,
  voucher: null,
  cashOnDelivery: false,
  settings,
};

describe('shippingFeeFor', () => {
  it('charges the lightest band that holds the parcel', () => {
    expect(shippingFeeFor(1, table)).toBe(100_00);
    expect(shippingFeeFor(500, table)).toBe(100_00);
    expect(shippingFeeFor(501, table)).toBe(150_00);
    expect(shippingFeeFor(3000, table)).toBe(220_00);
    expect(shippingFeeFor(5000, table)).toBe(300_00);
  });

  it('adds the per-kilogram price for every started kilogram above the heaviest band', () => {
    expect(shippingFeeFor(5001, table)).toBe(350_00);
    expect(shippingFeeFor(7000, table)).toBe(400_00);
    expect(shippingFeeFor(7001, table)).toBe(450_00);
  });

  it('is 0 for an empty parcel or without a rate table', () => {
    expect(shippingFeeFor(0, table)).toBe(0);
    expect(shippingFeeFor(800, null)).toBe(0);
    expect(shippingFeeFor(800, { rates: [], extraPerKgPrice: 0 })).toBe(0);
  });
});

describe('fees', () => {
  it('insurance is 1% of the subtotal with a ₱50 minimum', () => {
    expect(insuranceFor(20_000_00, settings)).toBe(200_00);
    expect(insuranceFor(1_000_00, settings)).toBe(50_00);
    expect(insuranceFor(0, settings)).toBe(0);
  });

  it('COD is 2% of the total with a ₱20 minimum, delivery only, up to ₱50,000', () => {
    expect(cashOnDeliveryFeeFor(21_430_00, 'DELIVERY', settings)).toBe(428_60);
    expect(cashOnDeliveryFeeFor(650_00, 'DELIVERY', settings)).toBe(20_00);
    expect(cashOnDeliveryFeeFor(50_000_00, 'DELIVERY', settings)).toBe(1_000_00);
    expect(cashOnDeliveryFeeFor(50_000_01, 'DELIVERY', settings)).toBeNull();
    expect(cashOnDeliveryFeeFor(1_000_00, 'PICKUP', settings)).toBeNull();
  });

  it('PayPal fee = total / (1 - 4.4%) - total', () => {
    // 10,000 / 0.956 - 10,000 = 460.25
    expect(paypalFeeFor(10_000_00, settings)).toBe(460_25);
  });

  it('vouchers discount the lines only, never more than the subtotal', () => {
    expect(discountFor(2_500_00, { type: 'FIXED', value: 100_00 })).toBe(100_00);
    expect(discountFor(50_00, { type: 'FIXED', value: 100_00 })).toBe(50_00);
    expect(discountFor(6_000_00, { type: 'PERCENTAGE', value: 1000 })).toBe(600_00);
    // 12.5% of ₱999.99 = ₱124.99875: rounded down, the shop never gives more than promised.
    expect(discountFor(999_99, { type: 'PERCENTAGE', value: 1250 })).toBe(124_99);
  });
});

describe('computeTotals (hand-computed)', () => {
  it('PayPal: its fee joins the total only when PayPal pays (ADR 040)', () => {
    const lines = [line(7_999_00, 1)];
    const other = computeTotals({ ...base, lines, shipping: 'PICKUP' });
    // 7,999 / 0.956 - 7,999 = 368.15: shown as what PayPal would add, not charged.
    expect([other.paypalFee, other.appliedPaypalFee, other.total]).toEqual([368_15, 0, 7_999_00]);
    const paypal = computeTotals({ ...base, lines, shipping: 'PICKUP', paypal: true });
    expect([paypal.appliedPaypalFee, paypal.totalBeforePaymentFee, paypal.total]).toEqual([368_15, 7_999_00, 8_367_15]);
  });

  it('pickup: no shipping, no insurance even if asked', () => {
    const totals = computeTotals({
      ...base,
      lines: [line(1_000_00, 2, 800), line(500_00, 1, 300)],
      shipping: 'PICKUP',
      hasInsurance: true,
    });
    expect(totals).toMatchObject({
      quantity: 3,
      subtotal: 2_500_00,
      shippingPrice: 0,
      estimatedShippingFee: 0,
      insurance: 0,
      discount: 0,
      cashOnDeliveryFee: null,
      total: 2_500_00,
    });
  });

  it('delivery with insurance and COD; free-shipping lines weigh nothing', () => {
    const input: TotalsInput = {
      ...base,
      lines: [line(10_000_00, 2, 800), line(1_000_00, 1, 2000, true)],
      shipping: 'DELIVERY',
      hasInsurance: true,
    };
    // 2 x 800 g = 1.6 kg -> ₱220; insurance 1% of ₱21,000 = ₱210; COD 2% of ₱21,430 = ₱428.60.
    expect(computeTotals(input)).toMatchObject({
      subtotal: 21_000_00,
      shippingWeightGrams: 1600,
      shippingPrice: 220_00,
      insurance: 210_00,
      cashOnDeliveryFee: 428_60,
      appliedCashOnDeliveryFee: 0,
      total: 21_430_00,
    });
    expect(computeTotals({ ...input, cashOnDelivery: true })).toMatchObject({
      appliedCashOnDeliveryFee: 428_60,
      total: 21_858_60,
    });
  });

  it('a voucher lowers the total and the COD fee base', () => {
    const totals = computeTotals({
      ...base,
      lines: [line(6_000_00, 1, 400)],
      shipping: 'DELIVERY',
      voucher: { type: 'PERCENTAGE', value: 1000 },
      cashOnDelivery: true,
    });
    // 6,000 - 600 + 100 (400 g) = 5,500; COD 2% = 110.
    expect(totals).toMatchObject({
      discount: 600_00,
      shippingPrice: 100_00,
      cashOnDeliveryFee: 110_00,
      total: 5_610_00,
    });
  });
});
