import { describe, expect, it } from 'vitest';
import { validate } from '../validation/issues';
import { parseAttributesText, productCreateSchema, productFormInput, slugify, variantCreateSchema, variantUpdateSchema } from './product-admin';

describe('staff product rules', () => {
  it('makes slugs from names', () => {
    expect(slugify('Galaxy S24 Ultra (512GB)')).toBe('galaxy-s24-ultra-512gb');
    expect(slugify('Café — Señor')).toBe('cafe-senor');
  });

  it('reads the attributes box, one "Name: value, value" per line', () => {
    expect(parseAttributesText('Display: 6.1" OLED\n\nColours: Black, White ')).toEqual([
      { name: 'Display', values: ['6.1" OLED'] },
      { name: 'Colours', values: ['Black', 'White'] },
    ]);
    expect(parseAttributesText('no colon here')).toBeNull();
  });

  it('accepts the form\'s text and the API\'s numbers alike', () => {
    const form = productFormInput({
      name: ' Tire ', productType: 'T', category: 'C', brand: '', basePrice: '4,500.50', salePercent: '', saleAmount: '',
      weight: '9000', isPreOrder: 'on', attributes: 'Tread: Symmetric', 'tire.width': '205', 'tire.aspectRatio': '55', 'tire.rimDiameter': '16', 'tire.loadIndex': '', 'tire.speedRating': 'v',
    });
    const parsed = validate(productCreateSchema, form);
    expect(parsed).toEqual({
      ok: true,
      data: expect.objectContaining({
        name: 'Tire', brand: null, basePrice: 4500.5, salePercent: null, saleAmount: null, weight: 9000, isPreOrder: true, isPublished: false,
        attributes: [{ name: 'Tread', values: ['Symmetric'] }], tire: { width: 205, aspectRatio: 55, rimDiameter: 16, loadIndex: undefined, speedRating: 'V' },
      }),
    });
    const api = validate(productCreateSchema, { name: 'Tire', productType: 'T', category: 'C', basePrice: 4500.5 });
    expect(api.ok).toBe(true);
  });

  it('names each bad field once, in form order', () => {
    const bad = validate(productCreateSchema, productFormInput({ name: '', productType: '', category: 'C', basePrice: 'abc', attributes: 'oops', 'tire.width': '99', 'tire.aspectRatio': '', 'tire.rimDiameter': '' }));
    expect(bad.ok ? [] : bad.errors.map((e) => e.field)).toEqual(['name', 'productType', 'basePrice', 'attributes', 'tire.width', 'tire.aspectRatio', 'tire.rimDiameter']);
  });

  it('checks variants: SKU, price, stock and warranty', () => {
    expect(validate(variantCreateSchema, { name: 'Black', sku: 'PX-1', price: '1,299', stockQuantity: '3', coverWarranty: '' }).ok).toBe(true);
    const bad = validate(variantCreateSchema, { name: 'Black', sku: 'a b', price: '', stockQuantity: '1.5', coverWarranty: '6' });
    expect(bad.ok ? [] : bad.errors.map((e) => e.message)).toEqual([
      'SKU may only use letters, digits, dots, dashes and underscores (up to 64).',
      'Warranty must be 0 or 12 months.',
      'Please enter a price.',
      'Stock must be a whole number from 0 to 1,000,000.',
    ]);
    // The inline price/stock edit sends only those two.
    expect(validate(variantUpdateSchema, { price: '999', stockQuantity: '0' })).toEqual({ ok: true, data: { price: 999, stockQuantity: 0 } });
  });
});
