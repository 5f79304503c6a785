import { describe, expect, it } from 'vitest';
import {
  checkVoucherAmount,
  decrementQuantity,
  incrementQuantity,
  needsAgeGate,
  nextQuantity,
  parsePriceFilter,
  priceSliderLabel,
  voucherAmountKeystroke,
} from './product-rules';

describe('quantity', () => {
  it('accepts positive whole numbers and empty', () => {
    expect(nextQuantity(1, '5')).toBe(5);
    expect(nextQuantity(5, '')).toBe('');
  });

  it('keeps the previous value for zero, negatives and letters', () => {
    expect(nextQuantity(3, '0')).toBe(3);
    expect(nextQuantity(3, '-2')).toBe(3);
    expect(nextQuantity(3, '2a')).toBe(3);
    expect(nextQuantity('', '1.5')).toBe('');
  });

  it('minus stops at 1, plus adds one', () => {
    expect(decrementQuantity(2)).toBe(1);
    expect(decrementQuantity(1)).toBe(1);
    expect(decrementQuantity('')).toBe(1);
    expect(incrementQuantity(1)).toBe(2);
    expect(incrementQuantity('')).toBe(1);
  });
});

describe('custom voucher amount', () => {
  it('is empty (add disabled) when nothing is typed', () => {
    expect(checkVoucherAmount('')).toEqual({ state: 'empty' });
  });

  it('accepts whole pesos from 100 to 10,000', () => {
    expect(checkVoucherAmount('100')).toEqual({ state: 'valid', pesos: 100 });
    expect(checkVoucherAmount('10000')).toEqual({ state: 'valid', pesos: 10000 });
  });

  it('asks for more than PHP100 below 100', () => {
    expect(checkVoucherAmount('99')).toEqual({ state: 'invalid', message: 'Please enter an amount greater than PHP100' });
    expect(checkVoucherAmount('0')).toEqual({ state: 'invalid', message: 'Please enter an amount greater than PHP100' });
  });

  it('calls anything above 10,000 or not digits invalid', () => {
    expect(checkVoucherAmount('10001')).toEqual({ state: 'invalid', message: 'Please enter a valid amount.' });
    expect(checkVoucherAmount('150.50')).toEqual({ state: 'invalid', message: 'Please enter a valid amount.' });
    expect(checkVoucherAmount('1e3')).toEqual({ state: 'invalid', message: 'Please enter a valid amount.' });
  });

  it('lets only digits into the box', () => {
    expect(voucherAmountKeystroke('12', '123')).toBe('123');
    expect(voucherAmountKeystroke('12', '12a')).toBe('12');
    expect(voucherAmountKeystroke('12', '')).toBe('');
  });
});

describe('age gate', () => {
  it('applies to spirits', () => {
    expect(needsAgeGate(['Spirits'])).toBe(true);
    expect(needsAgeGate(['Mobile phones', 'Premium Spirit'])).toBe(true);
    expect(needsAgeGate(['Mobile phones', null])).toBe(false);
  });
});

describe('price filter', () => {
  it('applies when both are numbers and min is below max', () => {
    expect(parsePriceFilter('1000', '5000')).toEqual({ minPrice: 1000, maxPrice: 5000 });
    expect(parsePriceFilter('0', '100000')).toEqual({ minPrice: 0, maxPrice: 100000 });
  });

  it('does not apply otherwise', () => {
    expect(parsePriceFilter('5000', '1000')).toBeNull();
    expect(parsePriceFilter('1000', '1000')).toBeNull();
    expect(parsePriceFilter('abc', '1000')).toBeNull();
    expect(parsePriceFilter(null, '1000')).toBeNull();
    expect(parsePriceFilter('', '1000')).toBeNull();
  });

  it('labels the top of the slider 100k+', () => {
    expect(priceSliderLabel(100000)).toBe('₱100,000+');
    expect(priceSliderLabel(5000)).toBe('₱5,000');
  });
});
