// Money is integer centavos everywhere until it is shown (docs/decisions/002-money-as-centavos.md).

export const CURRENCY = 'PHP';

// Amounts are grouped here, not by Intl.NumberFormat: a browser's first Intl formatter loads
// ICU's data, ~90 ms of the main thread at Lighthouse's 4x slowdown, and every storefront page
// built one while its shell loaded (bench/README.md change 161). The output is en-PH's
// (`1,299.00`), which money.test.ts checks against Intl.

/** '1234567' -> '1,234,567': commas between groups of three digits. */
export function groupThousands(digits: string): string {
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return grouped;
}

/**
 * A number as en-PH writes it: grouped, rounded half away from zero to at most `maxFraction`
 * decimals, trailing zeros dropped down to `minFraction`. Not for more than 2^53 / 10^maxFraction.
 */
export function formatDecimal(value: number, minFraction = 0, maxFraction = 3): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : `${value < 0 ? '-' : ''}∞`;
  const scale = 10 ** maxFraction;
  // Rounded as an integer of the smallest unit, so 1.005 at two decimals is 1.01 as Intl has it
  // (toFixed works on the binary double and says 1.00).
  const units = Math.round(Number((Math.abs(value) * scale).toPrecision(15)));
  const sign = value < 0 ? '-' : '';
  const whole = Math.floor(units / scale);
  let fraction = maxFraction > 0 ? String(units - whole * scale).padStart(maxFraction, '0') : '';
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${sign}${groupThousands(String(whole))}${fraction ? `.${fraction}` : ''}`;
}

/** '1,299.00' for 129900 centavos ('-1,299.00' below zero): an amount without its currency. */
export function formatAmount(centavos: number): string {
  return formatDecimal(centavos / 100, 2, 2);
}

/** ₱1,299.00 for 129900 centavos. */
export function formatPeso(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  return `${sign}₱${formatAmount(Math.abs(centavos))}`;
}

export function centavosToPesos(centavos: number): number {
  return Math.round(centavos) / 100;
}

export function pesosToCentavos(pesos: number): number {
  return Math.round(pesos * 100);
}
