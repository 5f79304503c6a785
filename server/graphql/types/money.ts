// The rulebook's Money {currency amount localized} and TaxedMoney {gross net tax}, from centavos.
import { CURRENCY, centavosToPesos, formatPeso } from '../../../common/money';
import { builder } from '../builder';

/** Backed by an integer number of centavos. */
export const MoneyRef = builder.objectRef<number>('Money').implement({
  description: 'An amount of Philippine pesos.',
  fields: (t) => ({
    currency: t.string({ resolve: () => CURRENCY }),
    amount: t.float({ description: 'Pesos, two decimals.', resolve: centavosToPesos }),
    localized: t.string({ description: 'For display, e.g. ₱1,299.00.', resolve: formatPeso }),
  }),
});

export type TaxedCentavos = { gross: number; net: number; tax: number };

/** Prices in the shop include VAT; net and tax are reported for receipts. */
export function taxed(gross: number, tax = 0): TaxedCentavos {
  return { gross, net: gross - tax, tax };
}

export const TaxedMoneyRef = builder.objectRef<TaxedCentavos>('TaxedMoney').implement({
  fields: (t) => ({
    currency: t.string({ resolve: () => CURRENCY }),
    gross: t.field({ type: MoneyRef, resolve: (m) => m.gross }),
    net: t.field({ type: MoneyRef, resolve: (m) => m.net }),
    tax: t.field({ type: MoneyRef, resolve: (m) => m.tax }),
  }),
});

export type CentavosRange = { start: number; stop: number };

export const MoneyRangeRef = builder.objectRef<CentavosRange>('MoneyRange').implement({
  fields: (t) => ({
    start: t.field({ type: MoneyRef, resolve: (r) => r.start }),
    stop: t.field({ type: MoneyRef, resolve: (r) => r.stop }),
  }),
});

export const TaxedMoneyRangeRef = builder
  .objectRef<CentavosRange>('TaxedMoneyRange')
  .implement({
    fields: (t) => ({
      start: t.field({ type: TaxedMoneyRef, resolve: (r) => taxed(r.start) }),
      stop: t.field({ type: TaxedMoneyRef, resolve: (r) => taxed(r.stop) }),
    }),
  });
