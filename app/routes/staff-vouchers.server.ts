// A fresh promo code for the create form: SUKI- and six characters without 0/O or 1/I, so a
// code read aloud or copied from a poster is typed right.
import { randomBytes } from 'node:crypto';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function suggestedVoucherCode(): string {
  return `SUKI-${[...randomBytes(6)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}
