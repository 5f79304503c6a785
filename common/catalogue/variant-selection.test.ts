import { describe, expect, it } from 'vitest';
import {
  chooseOption,
  EMPTY_SELECTION,
  initialSelection,
  optionChoices,
  optionValueLabel,
  resolveVariant,
  usedOptions,
  type PickerVariant,
} from './variant-selection';

const v = (id: string, color: string | null, memory: string | null, coverWarranty: string | null = null): PickerVariant => ({
  id,
  name: [color, memory].filter(Boolean).join(' / '),
  color,
  memory,
  coverWarranty,
});

const phone = [
  v('a', 'Black', '128GB', '0'),
  v('b', 'Black', '128GB', '12'),
  v('c', 'Black', '256GB', '0'),
  v('d', 'Blue', '256GB', '0'),
  v('e', 'Blue', '512GB', '0'),
];

describe('variant picker order', () => {
  it('offers color, then memory, then coverWarranty', () => {
    expect(usedOptions(phone)).toEqual(['color', 'memory', 'coverWarranty']);
    expect(usedOptions([v('x', 'Red', null)])).toEqual(['color']);
  });

  it('narrows memory by color and warranty by both', () => {
    expect(optionChoices(phone, EMPTY_SELECTION, 'color')).toEqual(['Black', 'Blue']);
    expect(optionChoices(phone, { ...EMPTY_SELECTION, color: 'Blue' }, 'memory')).toEqual(['256GB', '512GB']);
    expect(optionChoices(phone, { color: 'Black', memory: '128GB', coverWarranty: null }, 'coverWarranty')).toEqual(['0', '12']);
  });

  it('clears later choices that no longer fit and fills single-valued ones', () => {
    let s = chooseOption(phone, EMPTY_SELECTION, 'color', 'Black');
    s = chooseOption(phone, s, 'memory', '128GB');
    // The warranty is an add-on: it starts at "Not availed", so the price is exact at once.
    expect(s).toEqual({ color: 'Black', memory: '128GB', coverWarranty: '0' });
    expect(resolveVariant(phone, s)?.id).toBe('a');
    s = chooseOption(phone, s, 'coverWarranty', '12');
    expect(resolveVariant(phone, s)?.id).toBe('b');
    s = chooseOption(phone, s, 'color', 'Blue');
    expect(s).toEqual({ color: 'Blue', memory: null, coverWarranty: null });
    s = chooseOption(phone, s, 'memory', '512GB');
    expect(s.coverWarranty).toBe('0');
    expect(resolveVariant(phone, s)?.id).toBe('e');
  });

  it('resolves nothing until every used option is chosen', () => {
    expect(resolveVariant(phone, { color: 'Black', memory: '128GB', coverWarranty: null })).toBeNull();
  });
});

describe('auto-selection', () => {
  it('selects a single variant', () => {
    const only = [v('only', null, null)];
    expect(resolveVariant(only, initialSelection(only, {}))?.id).toBe('only');
  });

  it('selects the first color and its memory for Mobile phones and Tablets', () => {
    expect(initialSelection(phone, { categoryName: 'Mobile phones' })).toEqual({ color: 'Black', memory: '128GB', coverWarranty: '0' });
    const tablet = [v('t1', 'Silver', '64GB'), v('t2', 'Silver', '256GB'), v('t3', 'Gray', '64GB')];
    const s = initialSelection(tablet, { categoryName: 'Tablets' });
    expect(resolveVariant(tablet, s)?.id).toBe('t1');
  });

  it('selects nothing for other categories with several variants', () => {
    expect(initialSelection(phone, { categoryName: 'Accessories' })).toEqual(EMPTY_SELECTION);
  });

  it('preselects the variant named by the variant query parameter', () => {
    expect(initialSelection(phone, { variantId: 'd', categoryName: 'Mobile phones' })).toEqual({
      color: 'Blue',
      memory: '256GB',
      coverWarranty: '0',
    });
  });

  it('preselects the variant a search query points at', () => {
    expect(initialSelection(phone, { searchQuery: 'iphone blue 512gb' })).toEqual({ color: 'Blue', memory: '512GB', coverWarranty: '0' });
    // Blue comes in two sizes: the color is preselected, the memory left to the shopper.
    expect(initialSelection(phone, { searchQuery: 'iphone blue' })).toEqual({ color: 'Blue', memory: null, coverWarranty: null });
    // 'Black 128GB' is offered with and without warranty: the warranty starts at "Not availed".
    expect(initialSelection(phone, { searchQuery: 'black 128gb' })).toEqual({ color: 'Black', memory: '128GB', coverWarranty: '0' });
    // A query naming only the product falls back to the category rule.
    expect(initialSelection(phone, { searchQuery: 'iphone', categoryName: 'Mobile phones' })).toEqual({
      color: 'Black',
      memory: '128GB',
      coverWarranty: '0',
    });
  });

  it('selects the only colour of an accessory, and what follows from it', () => {
    const cable = [v('c1', 'White', '1m'), v('c2', 'White', '2m')];
    expect(initialSelection(cable, { categoryName: 'Cables' })).toEqual({ color: 'White', memory: null, coverWarranty: null });
    const charger = [v('k1', 'Black', null, '0'), v('k2', 'Black', null, '12')];
    const s = initialSelection(charger, { categoryName: 'Chargers' });
    expect(s).toEqual({ color: 'Black', memory: null, coverWarranty: '0' });
    expect(resolveVariant(charger, s)?.id).toBe('k1');
  });
});

describe('option labels', () => {
  it('shows warranty months', () => {
    expect(optionValueLabel('coverWarranty', '0')).toBe('Not availed');
    expect(optionValueLabel('coverWarranty', '12')).toBe('12 months');
    expect(optionValueLabel('color', 'Black')).toBe('Black');
  });
});
