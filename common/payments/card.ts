// The card form's rules (docs/product/orders-and-payments.md#saved-cards: month 01-12, year from the
// current year up to ten years ahead), written once for the browser's card form and the
// sandbox tokenizer. Our server never sees a card number: only the tokenizer does.

export const CARD_MESSAGES = {
  invalid: 'Please input valid card details',
  required: 'All fields are required.',
  duplicate: 'You already added this card.',
  selectCard: 'Please select/add a card.',
  selectMethod: 'Please select a method of payment.',
} as const;

export const CARD_MAX_LENGTH = { number: 16, month: 2, year: 4, cvc: 3 } as const;

export type CardBrand = 'VISA' | 'MASTERCARD' | 'JCB';

export type CardInput = { number: string; expMonth: string; expYear: string; cvc: string };

export type CardCheck =
  | { ok: true; card: CardInput; brand: CardBrand; last4: string }
  | { ok: false; message: string };

const BRANDS: [CardBrand, RegExp][] = [
  ['VISA', /^4(\d{12}|\d{15})$/],
  ['MASTERCARD', /^5[1-5]\d{14}$/],
  ['JCB', /^(?:2131|1800|35\d{3})\d{11}$/],
];

/** The card's brand by its number pattern, or null for any other number. */
export function cardBrand(number: string): CardBrand | null {
  return BRANDS.find(([, pattern]) => pattern.test(number))?.[0] ?? null;
}

/** The Luhn (mod 10) check digit test every card number passes. */
export function luhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The expiry years the form offers: this year and the next ten. */
export function cardYears(now: Date = new Date()): string[] {
  const first = now.getFullYear();
  return Array.from({ length: 11 }, (_, i) => String(first + i));
}

/** Strips the spaces and dashes people type inside card numbers. */
export function cardDigits(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** Checks the whole form; the first failure's message is the one the form shows. */
export function checkCard(input: CardInput, now: Date = new Date()): CardCheck {
  const number = cardDigits(input.number);
  const expMonth = input.expMonth.trim();
  const expYear = input.expYear.trim();
  const cvc = input.cvc.trim();
  if (!number || !expMonth || !expYear || !cvc) return { ok: false, message: CARD_MESSAGES.required };
  const invalid = { ok: false, message: CARD_MESSAGES.invalid } as const;
  const brand = cardBrand(number);
  if (!brand || !luhnValid(number)) return invalid;
  if (!/^(0?[1-9]|1[0-2])$/.test(expMonth)) return invalid;
  if (!/^\d{4}$/.test(expYear)) return invalid;
  const year = Number(expYear);
  const month = Number(expMonth);
  const thisYear = now.getFullYear();
  if (year < thisYear || year > thisYear + 10) return invalid;
  // A card is good through the last day of its expiry month.
  if (year === thisYear && month < now.getMonth() + 1) return invalid;
  if (!/^\d{3}$/.test(cvc)) return invalid;
  return {
    ok: true,
    card: { number, expMonth: String(month).padStart(2, '0'), expYear, cvc },
    brand,
    last4: number.slice(-4),
  };
}

/** How a saved card reads in lists: "VISA •••• 1111". */
export function cardLabel(brand: string, last4: string): string {
  return `${brand} •••• ${last4}`;
}
