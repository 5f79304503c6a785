import { describe, expect, it } from 'vitest';
import { derivativeWidths, pickDerivative, srcSet } from './media';
import { parseId } from './ids';
import { encodeGlobalID } from '@pothos/plugin-relay';

const square = { key: 'v1/p/x', width: 510, height: 510 };
const banner = { key: 'v1/banner/y', width: 1600, height: 600 };

describe('image derivatives', () => {
  it('cuts every standard width below the original, and the original', () => {
    expect(derivativeWidths(510)).toEqual([255, 510]);
    expect(derivativeWidths(1600)).toEqual([255, 510, 1020, 1600]);
    expect(derivativeWidths(800)).toEqual([255, 510, 800]);
  });
  it('picks the smallest derivative at least as wide as asked, with its height', () => {
    expect(pickDerivative(square, 200)).toEqual({ url: '/media/v1/p/x/255.webp', width: 255, height: 255 });
    expect(pickDerivative(banner, 700)).toEqual({ url: '/media/v1/banner/y/1020.webp', width: 1020, height: 383 });
    expect(pickDerivative(square, 2000)).toEqual({ url: '/media/v1/p/x/510.webp', width: 510, height: 510 });
    expect(pickDerivative(square)).toEqual({ url: '/media/v1/p/x/510.webp', width: 510, height: 510 });
  });
  it('lists every derivative for srcset', () => {
    expect(srcSet(square)).toBe('/media/v1/p/x/255.webp 255w, /media/v1/p/x/510.webp 510w');
  });
});

describe('parseId', () => {
  it('accepts global IDs of the right type and bare numbers', () => {
    expect(parseId(encodeGlobalID('Product', 42), 'Product')).toBe(42);
    expect(parseId('42', 'Product')).toBe(42);
    expect(parseId(encodeGlobalID('Brand', 42), 'Product')).toBeNull();
    expect(parseId('not-an-id', 'Product')).toBeNull();
  });
});
