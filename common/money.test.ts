import { describe, expect, it } from 'vitest';
import { centavosToPesos, formatAmount, formatDecimal, formatPeso, groupThousands, pesosToCentavos } from './money';

describe('money', () => {
  it('formats centavos as pesos with grouping and two decimals', () => {
    expect(formatPeso(129900)).toBe('₱1,299.00');
    expect(formatPeso(5)).toBe('₱0.05');
    expect(formatPeso(1234567891)).toBe('₱12,345,678.91');
    expect(formatPeso(-2500)).toBe('-₱25.00');
    expect(formatAmount(-123450)).toBe('-1,234.50');
    expect(formatAmount(5)).toBe('0.05');
  });

  it('converts without floating-point drift', () => {
    expect(pesosToCentavos(19.99)).toBe(1999);
    expect(pesosToCentavos(0.1 + 0.2)).toBe(30);
    expect(centavosToPesos(1999)).toBe(19.99);
  });
});

/** A fixed sequence in [0, 1) (mulberry32), so that every run checks the same values. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('formatting without Intl', () => {
  const random = seeded(161);
  const intl2 = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const intl = new Intl.NumberFormat('en-PH');

  it('writes every amount as Intl en-PH does', () => {
    // A spread of magnitudes, whole and fractional centavos, halves included.
    const centavos = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 129900, 999999, 1000000, 123456789, 1234567891, 9007199254740];
    for (let i = 0; i < 2000; i += 1) centavos.push(Math.floor(random() * 10 ** (1 + (i % 12))), Math.round(random() * 10 ** (1 + (i % 10))) / 10, Math.floor(random() * 10 ** (i % 9)) + 0.5);
    for (const value of centavos) {
      expect(formatPeso(value)).toBe(`₱${intl2.format(value / 100)}`);
      expect(formatPeso(-value || 0)).toBe(value === 0 ? '₱0.00' : `-₱${intl2.format(value / 100)}`);
    }
  });

  it('groups plain numbers as Intl en-PH does, up to three decimals', () => {
    const values = [0, 1, 12, 123, 1234, 12345, 100000, 1234567.5, 0.1234, 2.0005, 1.005, 99999.9999, 1e15];
    for (let i = 0; i < 2000; i += 1) values.push(Math.round(random() * 10 ** (i % 12)), random() * 10 ** (i % 9));
    for (const value of values) {
      expect(formatDecimal(value)).toBe(intl.format(value));
      expect(formatDecimal(-value)).toBe(value === 0 ? '0' : intl.format(-value));
    }
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('123')).toBe('123');
    expect(formatDecimal(Number.NaN)).toBe('NaN');
  });
});
