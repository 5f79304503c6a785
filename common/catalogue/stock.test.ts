import { describe, expect, it } from 'vitest';
import { lowStockHint, maxBuyable, pickLimit, PUBLIC_STOCK_CAP, publicStock, stockClampText } from './stock';

describe('stock words', () => {
  it('says how many are left only when few are', () => {
    expect(lowStockHint(0)).toBeNull();
    expect(lowStockHint(1)).toBe('Only 1 left');
    expect(lowStockHint(5)).toBe('Only 5 left');
    expect(lowStockHint(6)).toBeNull();
    expect(lowStockHint(null)).toBeNull();
  });
  it('never lets a line hold more than the stock or the line limit', () => {
    expect(maxBuyable(3, 999)).toBe(3);
    expect(maxBuyable(5000, 999)).toBe(999);
    expect(maxBuyable(-2, 999)).toBe(0);
    expect(maxBuyable(null, 999)).toBe(999);
  });
  it('says what a clamped cart line holds', () => {
    expect(stockClampText(1)).toBe('Only 1 left: it is in your cart.');
    expect(stockClampText(3)).toBe('Only 3 left: all 3 are in your cart.');
  });
  it('reports shoppers the stock up to the cap, which is just above the "Only N left" range', () => {
    expect(PUBLIC_STOCK_CAP).toBe(6);
    expect([0, 1, 5, 6, 7, 40].map(publicStock)).toEqual([0, 1, 5, 6, 6, 6]);
    // Every "Only N left" shows below the cap, so capping hides nothing a shopper reads.
    expect(lowStockHint(publicStock(5))).toBe('Only 5 left');
    expect(lowStockHint(publicStock(40))).toBeNull();
  });
  it("limits the product page's quantity box only when fewer than the cap are left", () => {
    expect(pickLimit(3)).toBe(3);
    expect(pickLimit(0)).toBe(0);
    expect(pickLimit(PUBLIC_STOCK_CAP)).toBeUndefined();
    expect(pickLimit(null)).toBeUndefined();
  });
});
