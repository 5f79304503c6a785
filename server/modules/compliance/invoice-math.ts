// The figures of a sales invoice and a credit memo (docs/decisions/052-sales-invoices.md), as pure
// functions of the order's copied lines and totals. Prices are VAT-inclusive: each VATable line's
// VAT is 12/112 of its amount, rounded half up to the centavo, and the invoice's VAT is the sum of
// its lines'; the lines add up to the order's total exactly.
import type { InvoiceLineKind, TaxClass } from './sales-invoices.tables';

export type VatStatus = 'VAT' | 'NON_VAT';

export type InvoiceInput = {
  vatStatus: VatStatus;
  items: readonly { description: string; quantity: number; unitPrice: number; taxClass: TaxClass }[];
  shipping: number;
  insurance: number;
  cashOnDeliveryFee: number;
  paypalFee: number;
  /** Centavos off the items (a voucher), positive. */
  discount: number;
  discountName: string | null;
};

export type InvoiceLine = {
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  taxClass: TaxClass;
  vatAmount: number;
};

export type DocumentAmounts = {
  vatableSales: number;
  vatAmount: number;
  vatExemptSales: number;
  zeroRatedSales: number;
  total: number;
};

export type InvoiceFigures = DocumentAmounts & { lines: InvoiceLine[] };

/** n / d rounded half away from zero, in integers (no floating point on money). */
function roundedDivision(n: number, d: number): number {
  const sign = n < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(n) + d) / (2 * d));
}

/** The VAT inside a VAT-inclusive amount: 12/112 of it, rounded half up to the centavo. */
export function vatInside(amount: number): number {
  return roundedDivision(amount * 12, 112);
}

/**
 * Splits `amount` across `weights` in proportion (largest remainder): the parts are whole
 * centavos, never negative for a positive amount, and add up to `amount` exactly.
 */
export function splitInProportion(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((s, w) => s + w, 0);
  if (whole <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / whole);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

const CLASSES: readonly TaxClass[] = ['VATABLE', 'VAT_EXEMPT', 'ZERO_RATED'];

const DISCOUNT_LABEL: Record<TaxClass, string> = { VATABLE: '', VAT_EXEMPT: ' (VAT-exempt items)', ZERO_RATED: ' (zero-rated items)' };

/** Sums the lines into the invoice's boxes. */
export function amountsOf(lines: readonly Pick<InvoiceLine, 'amount' | 'taxClass' | 'vatAmount'>[]): DocumentAmounts {
  const sum = (c: TaxClass) => lines.filter((l) => l.taxClass === c).reduce((s, l) => s + l.amount, 0);
  const vatAmount = lines.reduce((s, l) => s + l.vatAmount, 0);
  const vatableGross = sum('VATABLE');
  const vatExemptSales = sum('VAT_EXEMPT');
  const zeroRatedSales = sum('ZERO_RATED');
  return {
    vatableSales: vatableGross - vatAmount,
    vatAmount,
    vatExemptSales,
    zeroRatedSales,
    total: vatableGross + vatExemptSales + zeroRatedSales,
  };
}

/**
 * The invoice's lines and boxes. A VAT-registered seller: items by their product's tax class;
 * shipping, insurance and the payment fees are the shop's own VATable services; a voucher's
 * discount comes off the items, split over their tax classes in proportion to their amounts, one
 * discount line per class. A non-VAT seller: every line VAT-exempt, no VAT.
 */
export function invoiceFigures(input: InvoiceInput): InvoiceFigures {
  const vat = input.vatStatus === 'VAT';
  const classOf = (c: TaxClass): TaxClass => (vat ? c : 'VAT_EXEMPT');
  const line = (kind: InvoiceLineKind, description: string, quantity: number, unitPrice: number, taxClass: TaxClass): InvoiceLine => {
    const amount = quantity * unitPrice;
    const cls = classOf(taxClass);
    return { kind, description, quantity, unitPrice, amount, taxClass: cls, vatAmount: cls === 'VATABLE' ? vatInside(amount) : 0 };
  };
  const lines: InvoiceLine[] = input.items.map((i) => line('ITEM', i.description, i.quantity, i.unitPrice, i.taxClass));
  if (input.discount > 0) {
    const byClass = CLASSES.map((c) => lines.filter((l) => l.kind === 'ITEM' && l.taxClass === c).reduce((s, l) => s + l.amount, 0));
    const shares = splitInProportion(input.discount, byClass);
    CLASSES.forEach((c, i) => {
      if (shares[i]! > 0) lines.push(line('DISCOUNT', `Discount: ${input.discountName ?? 'voucher'}${vat ? DISCOUNT_LABEL[c] : ''}`, 1, -shares[i]!, c));
    });
  }
  if (input.shipping > 0) lines.push(line('SHIPPING', 'Shipping', 1, input.shipping, 'VATABLE'));
  if (input.insurance > 0) lines.push(line('INSURANCE', 'Shipping insurance', 1, input.insurance, 'VATABLE'));
  if (input.cashOnDeliveryFee > 0) lines.push(line('COD_FEE', 'Cash on delivery fee', 1, input.cashOnDeliveryFee, 'VATABLE'));
  if (input.paypalFee > 0) lines.push(line('PAYPAL_FEE', 'PayPal fee', 1, input.paypalFee, 'VATABLE'));
  return { lines, ...amountsOf(lines) };
}

/**
 * The boxes of the first `refunded` centavos of an invoice given back, split as its sales were
 * (largest remainder over VATable, zero-rated and exempt; the VAT in proportion to the VATable
 * part). The whole invoice given back answers its own boxes exactly.
 */
function refundedBoxes(invoice: DocumentAmounts, refunded: number): DocumentAmounts {
  const vatableGross = invoice.vatableSales + invoice.vatAmount;
  const [gross = 0, zero = 0, exempt = 0] = splitInProportion(refunded, [vatableGross, invoice.zeroRatedSales, invoice.vatExemptSales]);
  const vatAmount = vatableGross > 0 ? roundedDivision(invoice.vatAmount * gross, vatableGross) : 0;
  return { vatableSales: gross - vatAmount, vatAmount, vatExemptSales: exempt, zeroRatedSales: zero, total: refunded };
}

/**
 * A credit memo's boxes for a refund of `amount` after `before` centavos were credited already:
 * what the refunds so far and this one come to, less what the earlier memos took, so the memos
 * of a whole refund add up to the invoice to the centavo.
 */
export function creditMemoAmounts(invoice: DocumentAmounts, before: number, amount: number): DocumentAmounts {
  const upTo = Math.min(invoice.total, before + amount);
  const from = Math.min(invoice.total, before);
  const a = refundedBoxes(invoice, upTo);
  const b = refundedBoxes(invoice, from);
  return {
    vatableSales: a.vatableSales - b.vatableSales,
    vatAmount: a.vatAmount - b.vatAmount,
    vatExemptSales: a.vatExemptSales - b.vatExemptSales,
    zeroRatedSales: a.zeroRatedSales - b.zeroRatedSales,
    total: a.total - b.total,
  };
}
