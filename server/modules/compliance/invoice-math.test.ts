// The invoice's figures against sums worked by hand (12/112 of each VATable line, rounded half up
// to the centavo): VAT and non-VAT sellers, mixed tax classes, vouchers, shipping, insurance, the
// COD and PayPal fees, and credit memos of a refund in parts.
import { describe, expect, it } from 'vitest';
import { creditMemoAmounts, invoiceFigures, splitInProportion, vatInside, type InvoiceInput } from './invoice-math';

const cart = (over: Partial<InvoiceInput>): InvoiceInput => ({
  vatStatus: 'VAT',
  items: [],
  shipping: 0,
  insurance: 0,
  cashOnDeliveryFee: 0,
  paypalFee: 0,
  discount: 0,
  discountName: null,
  ...over,
});
const item = (unitPrice: number, quantity = 1, taxClass: 'VATABLE' | 'VAT_EXEMPT' | 'ZERO_RATED' = 'VATABLE') => ({ description: 'Item', quantity, unitPrice, taxClass });
const boxes = (f: ReturnType<typeof invoiceFigures>) => [f.vatableSales, f.vatAmount, f.vatExemptSales, f.zeroRatedSales, f.total];

describe('sales invoice figures', () => {
  it('1. one phone of PHP 5,000.00, picked up: VAT 535.71', () => {
    expect(boxes(invoiceFigures(cart({ items: [item(500000)] })))).toEqual([446429, 53571, 0, 0, 500000]);
  });

  it('2. two of PHP 1,299.00 and PHP 150.00 shipping: VAT per line (278.36 + 16.07)', () => {
    const f = invoiceFigures(cart({ items: [item(129900, 2)], shipping: 15000 }));
    expect(f.lines.map((l) => [l.kind, l.amount, l.vatAmount])).toEqual([
      ['ITEM', 259800, 27836],
      ['SHIPPING', 15000, 1607],
    ]);
    expect(boxes(f)).toEqual([245357, 29443, 0, 0, 274800]);
  });

  it('3. a 10% voucher on PHP 999.99: its own negative line with its own VAT', () => {
    const f = invoiceFigures(cart({ items: [item(99999)], discount: 9999, discountName: 'SALE10' }));
    expect(f.lines.map((l) => [l.kind, l.description, l.amount, l.vatAmount])).toEqual([
      ['ITEM', 'Item', 99999, 10714],
      ['DISCOUNT', 'Discount: SALE10', -9999, -1071],
    ]);
    expect(boxes(f)).toEqual([80357, 9643, 0, 0, 90000]);
  });

  it('4. a VATable and a VAT-exempt item, delivered, cash on delivery', () => {
    const f = invoiceFigures(cart({ items: [item(100000), item(50000, 1, 'VAT_EXEMPT')], shipping: 10000, cashOnDeliveryFee: 2000 }));
    expect(f.lines.map((l) => [l.kind, l.taxClass, l.vatAmount])).toEqual([
      ['ITEM', 'VATABLE', 10714],
      ['ITEM', 'VAT_EXEMPT', 0],
      ['SHIPPING', 'VATABLE', 1071],
      ['COD_FEE', 'VATABLE', 214],
    ]);
    expect(boxes(f)).toEqual([100001, 11999, 50000, 0, 162000]);
  });

  it('5. a fixed voucher over VATable and exempt items: split 3:1, one discount line each', () => {
    const f = invoiceFigures(cart({ items: [item(300000), item(100000, 1, 'VAT_EXEMPT')], discount: 20000, discountName: 'LESS200' }));
    expect(f.lines.filter((l) => l.kind === 'DISCOUNT').map((l) => [l.taxClass, l.amount, l.vatAmount])).toEqual([
      ['VATABLE', -15000, -1607],
      ['VAT_EXEMPT', -5000, 0],
    ]);
    expect(boxes(f)).toEqual([254464, 30536, 95000, 0, 380000]);
  });

  it('6. a zero-rated item, a VATable one and the PayPal fee', () => {
    const f = invoiceFigures(cart({ items: [item(250000, 1, 'ZERO_RATED'), item(50000)], paypalFee: 1234 }));
    expect(f.lines.at(-1)).toMatchObject({ kind: 'PAYPAL_FEE', amount: 1234, vatAmount: 132 });
    expect(boxes(f)).toEqual([45745, 5489, 0, 250000, 301234]);
  });

  it('7. a non-VAT seller: every line VAT-exempt, no VAT, the same total', () => {
    const f = invoiceFigures(cart({ vatStatus: 'NON_VAT', items: [item(75050, 2), item(10000, 1, 'ZERO_RATED')], shipping: 12000, cashOnDeliveryFee: 3000, discount: 5000, discountName: 'V' }));
    expect(f.lines.every((l) => l.taxClass === 'VAT_EXEMPT' && l.vatAmount === 0)).toBe(true);
    expect(f.lines.filter((l) => l.kind === 'DISCOUNT')).toHaveLength(1);
    expect(boxes(f)).toEqual([0, 0, 170100, 0, 170100]);
  });

  it('8. half a centavo rounds up, per line (not per unit): 3 x PHP 333.34 has VAT 107.15', () => {
    expect(vatInside(100002)).toBe(10715);
    expect(vatInside(14)).toBe(2);
    expect(vatInside(-14)).toBe(-2);
    const f = invoiceFigures(cart({ items: [item(100002), item(33334, 3)] }));
    expect(boxes(f)).toEqual([178574, 21430, 0, 0, 200004]);
  });

  it('9. shipping, insurance and a 5% voucher on PHP 10,000.00', () => {
    const f = invoiceFigures(cart({ items: [item(1000000)], shipping: 20000, insurance: 5000, discount: 50000, discountName: 'FIVE' }));
    expect(f.lines.map((l) => [l.kind, l.vatAmount])).toEqual([
      ['ITEM', 107143],
      ['DISCOUNT', -5357],
      ['SHIPPING', 2143],
      ['INSURANCE', 536],
    ]);
    expect(boxes(f)).toEqual([870535, 104465, 0, 0, 975000]);
  });

  it('10. VAT-exempt goods with VATable shipping', () => {
    expect(boxes(invoiceFigures(cart({ items: [item(80000, 1, 'VAT_EXEMPT')], shipping: 5000 })))).toEqual([4464, 536, 80000, 0, 85000]);
  });

  it('11. a refund in two parts: the credit memos split as the sales were and add up to the invoice', () => {
    const invoice = invoiceFigures(cart({ items: [item(100000), item(50000, 1, 'VAT_EXEMPT')], shipping: 10000, cashOnDeliveryFee: 2000 }));
    const first = creditMemoAmounts(invoice, 0, 50000);
    expect(first).toEqual({ vatableSales: 30865, vatAmount: 3703, vatExemptSales: 15432, zeroRatedSales: 0, total: 50000 });
    const second = creditMemoAmounts(invoice, 50000, 112000);
    expect(second).toEqual({ vatableSales: 69136, vatAmount: 8296, vatExemptSales: 34568, zeroRatedSales: 0, total: 112000 });
    expect(first.vatAmount + second.vatAmount).toBe(invoice.vatAmount);
  });

  it('splits in proportion to the centavo, never below zero', () => {
    expect(splitInProportion(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(splitInProportion(100, [0, 0, 0])).toEqual([100, 0, 0]);
    expect(splitInProportion(10, [3, 3, 4])).toEqual([3, 3, 4]);
    for (let amount = 0; amount < 500; amount += 7) {
      const parts = splitInProportion(amount, [112000, 0, 50000]);
      expect(parts.reduce((s, p) => s + p, 0)).toBe(amount);
      expect(parts.every((p) => p >= 0)).toBe(true);
    }
  });
});
