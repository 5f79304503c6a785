import { describe, expect, it } from 'vitest';
import { numberInWords, pesosInWords } from './money-words';

describe('pesosInWords', () => {
  it.each([
    [125000, 'one thousand two hundred fifty pesos'],
    [100, 'one peso'],
    [100050, 'one thousand pesos and fifty centavos'],
    [1, 'one centavo'],
    [99, 'ninety-nine centavos'],
    [799900, 'seven thousand nine hundred ninety-nine pesos'],
    [1000000000, 'ten million pesos'],
    [12345678, 'one hundred twenty-three thousand four hundred fifty-six pesos and seventy-eight centavos'],
    [0, 'zero pesos'],
  ])('%i centavos: %s', (centavos, words) => {
    expect(pesosInWords(centavos)).toBe(words);
  });

  it('reads scales and teens', () => {
    expect(numberInWords(2_000_013)).toBe('two million thirteen');
    expect(numberInWords(1_000_000_000)).toBe('one billion');
  });

  it('refuses what is not an amount', () => {
    expect(() => pesosInWords(-1)).toThrow(RangeError);
    expect(() => pesosInWords(1.5)).toThrow(RangeError);
  });
});
