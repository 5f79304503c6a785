import { describe, expect, it } from 'vitest';
import { filterHref, keptParams, shopHref, sortByParam } from './shop-url';

const params = (text: string) => new URLSearchParams(text);

describe('shop addresses', () => {
  it('keeps the query, price range and sort, and drops load-more paging', () => {
    expect(keptParams(params('query=galaxy&minPrice=1000&maxPrice=5000&sort=newest&more=products&after=abc'))).toBe(
      '?query=galaxy&minPrice=1000&maxPrice=5000&sort=newest',
    );
    expect(keptParams(params(''))).toBe('');
  });

  it('puts the category in the path and the brand beside it', () => {
    expect(shopHref({ categoryId: 'C1', brandId: 'B1' }, params('sort=price-asc'))).toBe('/shop/category/C1?brand=B1&sort=price-asc');
    expect(shopHref({ categoryId: null, brandId: 'B1' }, params('query=x'))).toBe('/shop/brand/B1?query=x');
    expect(shopHref({ categoryId: null, brandId: null }, params('sort=newest'))).toBe('/shop?sort=newest');
  });

  it('combines a category and a brand, either chosen first, and removes the one chosen again', () => {
    const none = { categoryId: null, brandId: null };
    expect(filterHref('category', 'C1', none, params(''))).toBe('/shop/category/C1');
    expect(filterHref('brand', 'B1', { categoryId: 'C1', brandId: null }, params('sort=newest'))).toBe('/shop/category/C1?brand=B1&sort=newest');
    expect(filterHref('category', 'C2', { categoryId: null, brandId: 'B1' }, params(''))).toBe('/shop/category/C2?brand=B1');
    expect(filterHref('category', 'C2', { categoryId: 'C1', brandId: 'B1' }, params('brand=B1'))).toBe('/shop/category/C2?brand=B1');
    expect(filterHref('brand', 'B1', { categoryId: 'C1', brandId: 'B1' }, params('brand=B1'))).toBe('/shop/category/C1');
    expect(filterHref('category', 'C1', { categoryId: 'C1', brandId: 'B1' }, params('brand=B1'))).toBe('/shop/brand/B1');
  });

  it('maps ?sort= to the API order, ignoring unknown values', () => {
    expect(sortByParam('price-desc')).toEqual({ field: 'PRICE', direction: 'DESC' });
    expect(sortByParam('best-selling')).toEqual({ field: 'SALES', direction: 'DESC' });
    expect(sortByParam('cheapest')).toBeNull();
    expect(sortByParam(null)).toBeNull();
  });
});
