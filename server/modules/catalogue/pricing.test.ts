import { describe, expect, it } from 'vitest';
import { priceBounds, productPricing, rangeAddedPrices, variantPrice, variantPricing } from './pricing';

const terms = (basePrice: number, salePercent: number | null = null, saleAmount: number | null = null) => ({ basePrice, salePercent, saleAmount });

describe('variantPrice', () => {
  it('adds the variant\'s added price to the base price', () => {
    expect(variantPrice(terms(1_000_00), 250_00)).toEqual({ price: 1_250_00, undiscounted: 1_250_00 });
  });
  it('takes a percentage off, rounded to the centavo', () => {
    expect(variantPrice(terms(1_999_900, 12.5), 0)).toEqual({ price: 1_749_912, undiscounted: 1_999_900 });
  });
  it('prefers the percentage over a fixed amount', () => {
    expect(variantPrice(terms(10_000, 10, 5_000), 0).price).toBe(9_000);
  });
  it('never goes below zero', () => {
    expect(variantPrice(terms(10_000, null, 50_000), 0).price).toBe(0);
    expect(variantPrice(terms(10_000, 150), 0).price).toBe(0);
  });
});

describe('productPricing', () => {
  it('is one price when every variant costs the same, not on sale', () => {
    const p = productPricing(priceBounds(terms(5_000_00), [0, 0]));
    expect(p).toEqual({ onSale: false, discount: null, priceRange: { start: 5_000_00, stop: 5_000_00 }, priceRangeUndiscounted: { start: 5_000_00, stop: 5_000_00 } });
  });
  it('is a range over the variants with the discount off the start', () => {
    const p = productPricing(priceBounds(terms(10_000_00, null, 1_000_00), [0, 2_000_00]));
    expect(p.onSale).toBe(true);
    expect(p.priceRange).toEqual({ start: 9_000_00, stop: 11_000_00 });
    expect(p.priceRangeUndiscounted).toEqual({ start: 10_000_00, stop: 12_000_00 });
    expect(p.discount).toBe(1_000_00);
  });
  it('uses the base price alone for a product without variants', () => {
    expect(priceBounds(terms(700_00), [])).toEqual({ minPrice: 700_00, maxPrice: 700_00, minPriceUndiscounted: 700_00, maxPriceUndiscounted: 700_00 });
  });
});

describe('variantPricing', () => {
  it('reports the discount only on sale', () => {
    expect(variantPricing(terms(1_000_00), 0)).toEqual({ onSale: false, discount: null, price: 1_000_00, priceUndiscounted: 1_000_00 });
    expect(variantPricing(terms(1_000_00, 20), 500_00)).toEqual({ onSale: true, discount: 300_00, price: 1_200_00, priceUndiscounted: 1_500_00 });
  });
});

describe('rangeAddedPrices', () => {
  it('leaves the optional exchange warranty out of the range', () => {
    const variants = [
      { addedPrice: 0, coverWarranty: 0 },
      { addedPrice: 1_500_00, coverWarranty: 12 },
      { addedPrice: 0, coverWarranty: 0 },
    ];
    const bounds = priceBounds(terms(20_000_00), rangeAddedPrices(variants));
    expect(productPricing(bounds).priceRange).toEqual({ start: 20_000_00, stop: 20_000_00 });
  });
  it('keeps memory differences and variants without a warranty option', () => {
    expect(rangeAddedPrices([{ addedPrice: 0, coverWarranty: null }, { addedPrice: 5_000_00, coverWarranty: 0 }, { addedPrice: 6_000_00, coverWarranty: 12 }])).toEqual([0, 5_000_00]);
  });
  it('keeps every variant when all carry the warranty', () => {
    expect(rangeAddedPrices([{ addedPrice: 9_00, coverWarranty: 12 }])).toEqual([9_00]);
  });
});
