// Money is integer centavos everywhere until it is shown (docs/decisions/002-money-as-centavos.md).

export const CURRENCY = 'PHP';

const pesoFormat = new Intl.NumberFormat('en-PH', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₱1,299.00 for 129900 centavos. */
export function formatPeso(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  return `${sign}₱${pesoFormat.format(Math.abs(centavos) / 100)}`;
}

export function centavosToPesos(centavos: number): number {
  return Math.round(centavos) / 100;
}

export function pesosToCentavos(pesos: number): number {
  return Math.round(pesos * 100);
}
