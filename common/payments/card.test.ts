import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardBrand, cardYears, checkCard, luhnValid } from './card';

const now = new Date(2026, 10, 23); // 23 November 2026
const good = { number: '4111111111111111', expMonth: '12', expYear: '2027', cvc: '123' };

describe('card form rules', () => {
  it('accepts Visa (13 or 16 digits), Mastercard 51-55 and JCB numbers that pass Luhn', () => {
    expect(cardBrand('4111111111111111')).toBe('VISA');
    expect(cardBrand('4222222222222')).toBe('VISA');
    expect(cardBrand('5555555555554444')).toBe('MASTERCARD');
    expect(cardBrand('5105105105105100')).toBe('MASTERCARD');
    expect(cardBrand('3530111333300000')).toBe('JCB');
    expect(cardBrand('5612345678901234')).toBeNull();
    expect(cardBrand('378282246310005')).toBeNull(); // Amex is not taken
    expect(checkCard(good, now)).toEqual({ ok: true, card: good, brand: 'VISA', last4: '1111' });
    expect(checkCard({ ...good, number: '4111 1111 1111 1111', expMonth: '3' }, now)).toMatchObject({
      ok: true,
      card: { number: '4111111111111111', expMonth: '03' },
    });
  });

  it('runs the Luhn check', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(checkCard({ ...good, number: '4111111111111112' }, now)).toEqual({ ok: false, message: CARD_MESSAGES.invalid });
  });

  it('asks for every field first', () => {
    for (const field of ['number', 'expMonth', 'expYear', 'cvc'] as const) {
      expect(checkCard({ ...good, [field]: ' ' }, now)).toEqual({ ok: false, message: 'All fields are required.' });
    }
  });

  it('takes months 01-12 and years from this one to ten ahead, not an expired month', () => {
    const invalid = { ok: false, message: 'Please input valid card details' };
    for (const expMonth of ['00', '13', '1a', '123']) expect(checkCard({ ...good, expMonth }, now)).toEqual(invalid);
    for (const expMonth of ['01', '1', '12']) expect(checkCard({ ...good, expMonth }, now).ok).toBe(true);
    expect(checkCard({ ...good, expYear: '2025' }, now)).toEqual(invalid);
    expect(checkCard({ ...good, expYear: '2036' }, now).ok).toBe(true);
    expect(checkCard({ ...good, expYear: '2037' }, now)).toEqual(invalid);
    expect(checkCard({ ...good, expYear: '2026', expMonth: '10' }, now)).toEqual(invalid);
    expect(checkCard({ ...good, expYear: '2026', expMonth: '11' }, now).ok).toBe(true);
    expect(cardYears(now)).toEqual(['2026', '2027', '2028', '2029', '2030', '2031', '2032', '2033', '2034', '2035', '2036']);
  });

  it('takes a CVV of exactly three digits', () => {
    for (const cvc of ['12', '1234', '12a']) expect(checkCard({ ...good, cvc }, now).ok).toBe(false);
  });
});
