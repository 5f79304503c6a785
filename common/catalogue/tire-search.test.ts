import { describe, expect, it } from 'vitest';
import { chooseTireValue, formatTireSize, isCompleteTireSize, previousTireValues, readTireSize } from './tire-search';

const params = (s: string) => new URLSearchParams(s);

describe('tire search parameters', () => {
  it('reads width, aspect_ratio and rim_diameter', () => {
    expect(readTireSize(params('width=205&aspect_ratio=55&rim_diameter=16'))).toEqual({ width: '205', aspectRatio: '55', rimDiameter: '16' });
    expect(readTireSize(params(''))).toEqual({ width: null, aspectRatio: null, rimDiameter: null });
  });

  it('choosing width resets aspect ratio and rim diameter', () => {
    expect(chooseTireValue(params('width=205&aspect_ratio=55&rim_diameter=16'), 'width', '195').toString()).toBe('width=195');
  });

  it('choosing aspect ratio resets rim diameter only', () => {
    expect(chooseTireValue(params('width=205&aspect_ratio=55&rim_diameter=16'), 'aspect_ratio', '60').toString()).toBe('width=205&aspect_ratio=60');
  });

  it('choosing rim diameter keeps the others', () => {
    expect(readTireSize(chooseTireValue(params('width=205&aspect_ratio=55'), 'rim_diameter', '16'))).toEqual({
      width: '205',
      aspectRatio: '55',
      rimDiameter: '16',
    });
  });

  it('searches only once all three are chosen', () => {
    expect(isCompleteTireSize({ width: '205', aspectRatio: '55', rimDiameter: null })).toBe(false);
    expect(isCompleteTireSize({ width: '205', aspectRatio: '55', rimDiameter: '16' })).toBe(true);
  });

  it('asks for dependent values with the earlier choices', () => {
    const size = { width: '205', aspectRatio: '55', rimDiameter: null };
    expect(previousTireValues(size, 'width')).toEqual([]);
    expect(previousTireValues(size, 'aspect_ratio')).toEqual(['205']);
    expect(previousTireValues(size, 'rim_diameter')).toEqual(['205', '55']);
    expect(previousTireValues({ width: null, aspectRatio: null, rimDiameter: null }, 'aspect_ratio')).toBeNull();
  });

  it('formats a size', () => {
    expect(formatTireSize({ width: '205', aspectRatio: '55', rimDiameter: '16' })).toBe('205/55 R16');
  });
});
