// An amount of pesos in English words, for a confirmation that must be read before money moves
// (staff refunds: "Refund ₱1,250.00 (one thousand two hundred fifty pesos) to the customer?").
// A misplaced decimal point reads very differently in words than in digits.

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [number, string][] = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1_000, 'thousand'],
];

function belowThousand(n: number): string {
  const words: string[] = [];
  if (n >= 100) {
    words.push(`${ONES[Math.floor(n / 100)]} hundred`);
    n %= 100;
  }
  if (n >= 20) {
    words.push(n % 10 ? `${TENS[Math.floor(n / 10)]}-${ONES[n % 10]}` : TENS[Math.floor(n / 10)]!);
  } else if (n > 0) {
    words.push(ONES[n]!);
  }
  return words.join(' ');
}

/** A whole number in words: 1250 → "one thousand two hundred fifty". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number of pesos: ${n}`);
  if (n === 0) return ONES[0]!;
  const words: string[] = [];
  let rest = n;
  for (const [size, name] of SCALES) {
    if (rest >= size) {
      words.push(`${numberInWords(Math.floor(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0) words.push(belowThousand(rest));
  return words.join(' ');
}

/** 125000 centavos → "one thousand two hundred fifty pesos"; 100050 → "one thousand pesos and fifty centavos". */
export function pesosInWords(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`not an amount of centavos: ${centavos}`);
  const pesos = Math.floor(centavos / 100);
  const cents = centavos % 100;
  const pesoPart = `${numberInWords(pesos)} ${pesos === 1 ? 'peso' : 'pesos'}`;
  if (cents === 0) return pesoPart;
  const centPart = `${numberInWords(cents)} ${cents === 1 ? 'centavo' : 'centavos'}`;
  return pesos === 0 ? centPart : `${pesoPart} and ${centPart}`;
}
