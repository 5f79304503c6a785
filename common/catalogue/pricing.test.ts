import { describe, expect, it } from 'vitest';
import { discountPercent, formatPesoCompact, formatPriceRange, priceView, productDisplayName } from './pricing';

describe('price display', () => {
  it('shows a single price when the range start equals its stop', () => {
    expect(formatPriceRange({ start: 1299, stop: 1299 })).toBe('₱1,299.00');
  });

  it('shows a range otherwise', () => {
    expect(formatPriceRange({ start: 1299, stop: 1499.5 })).toBe('₱1,299.00 - ₱1,499.50');
  });

  it('ignores floating-point noise when comparing start and stop', () => {
    expect(formatPriceRange({ start: 0.1 + 0.2, stop: 0.3 })).toBe('₱0.30');
  });

  it('drops whole-peso centavos on cards, and keeps the others', () => {
    expect(formatPesoCompact(12_999_00)).toBe('₱12,999');
    expect(formatPesoCompact(1_499_50)).toBe('₱1,499.50');
    expect(formatPriceRange({ start: 7000, stop: 9000 }, true)).toBe('₱7,000 - ₱9,000');
    expect(formatPriceRange({ start: 1299, stop: 1299 }, true)).toBe('₱1,299');
  });
});

describe('discount badge', () => {
  it('is discount / undiscounted start * 100 in whole percent', () => {
    // The example: 16.81% reads -17%.
    expect(discountPercent(1681, 10_000)).toBe('17');
    expect(discountPercent(1000, 8000)).toBe('13');
    expect(discountPercent(100, 300)).toBe('33');
    expect(discountPercent(2, 3)).toBe('67');
    expect(discountPercent(500, 1000)).toBe('50');
  });

  it('never reads 0% while discounted, nor 100% while something is to pay', () => {
    expect(discountPercent(3, 1000)).toBe('1');
    expect(discountPercent(998, 1000)).toBe('99');
    expect(discountPercent(1000, 1000)).toBe('100');
  });

  it('is absent without a discount or a base price', () => {
    expect(discountPercent(0, 8000)).toBeNull();
    expect(discountPercent(null, 8000)).toBeNull();
    expect(discountPercent(100, 0)).toBeNull();
  });
});

describe('product display name', () => {
  it('prefixes the brand and [PRE-ORDER]', () => {
    expect(productDisplayName('Galaxy S24', 'Samsung', true)).toBe('[PRE-ORDER] Samsung Galaxy S24');
    expect(productDisplayName('Galaxy S24', 'Samsung')).toBe('Samsung Galaxy S24');
  });

  it('does not repeat a brand the name already starts with', () => {
    expect(productDisplayName('Apple iPhone 15', 'Apple')).toBe('Apple iPhone 15');
  });
});

describe('price view', () => {
  it('strikes through the undiscounted price and shows the badge on sale', () => {
    expect(
      priceView({
        onSale: true,
        discount: 1000,
        priceRange: { start: 7000, stop: 7000 },
        priceRangeUndiscounted: { start: 8000, stop: 8000 },
      }),
    ).toEqual({ price: '₱7,000.00', undiscounted: '₱8,000.00', discountPercent: '13' });
  });

  it('is compact on cards', () => {
    const sale = { onSale: true, discount: 1681, priceRange: { start: 8319, stop: 8319 }, priceRangeUndiscounted: { start: 10_000, stop: 10_000 } };
    expect(priceView(sale, true)).toEqual({ price: '₱8,319', undiscounted: '₱10,000', discountPercent: '17' });
  });

  it('shows only the price when not on sale', () => {
    expect(
      priceView({ onSale: false, discount: 0, priceRange: { start: 7000, stop: 9000 }, priceRangeUndiscounted: { start: 7000, stop: 9000 } }),
    ).toEqual({ price: '₱7,000.00 - ₱9,000.00', undiscounted: null, discountPercent: null });
  });

  it('shows nothing without pricing', () => {
    expect(priceView(null)).toEqual({ price: null, undiscounted: null, discountPercent: null });
  });
});
