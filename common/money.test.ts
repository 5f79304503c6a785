import { describe, expect, it } from 'vitest';
import { centavosToPesos, formatPeso, pesosToCentavos } from './money';

describe('money', () => {
  it('formats centavos as pesos with grouping and two decimals', () => {
    expect(formatPeso(129900)).toBe('₱1,299.00');
    expect(formatPeso(5)).toBe('₱0.05');
    expect(formatPeso(1234567891)).toBe('₱12,345,678.91');
    expect(formatPeso(-2500)).toBe('-₱25.00');
  });

  it('converts without floating-point drift', () => {
    expect(pesosToCentavos(19.99)).toBe(1999);
    expect(pesosToCentavos(0.1 + 0.2)).toBe(30);
    expect(centavosToPesos(1999)).toBe(19.99);
  });
});
