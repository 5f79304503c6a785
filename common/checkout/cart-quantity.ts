// Cart quantity rules (docs/product/cart-and-checkout.md#cart): the cart's minus stops at 0,
// typed quantities accept digits only, Update Cart sends every line's quantity; a changed
// quantity shows in the totals at once and is saved before anything moves on.

export type QuantityLine = { id: string; variantId: string; quantity: number };

/** Cart count in the header: the sum of the lines' quantities. */
export function cartCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + Math.max(0, line.quantity), 0);
}

/** The cart page's minus: one less, never below 0 (0 removes the line on Update Cart). */
export function decrementQuantity(quantity: number): number {
  return Math.max(0, quantity - 1);
}

export const MAX_LINE_QUANTITY = 999;

export function incrementQuantity(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, quantity + 1);
}

/**
 * A typed quantity: digits only; an empty field stays empty while typing (null) so the
 * customer can clear it and type a new number. Anything else keeps the previous value.
 */
export function parseTypedQuantity(text: string, previous: number | null): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return previous;
  return Math.min(MAX_LINE_QUANTITY, Number.parseInt(trimmed, 10));
}

/**
 * The lines Update Cart sends: every line with its edited quantity (an emptied field counts
 * as 0). Lines are keyed by line id in `edited`.
 */
export function cartUpdateLines(
  lines: readonly QuantityLine[],
  edited: Readonly<Record<string, number | null>>,
): { lineId: string; variantId: string; quantity: number }[] {
  return lines.map((line) => {
    const value = line.id in edited ? edited[line.id] : line.quantity;
    return { lineId: line.id, variantId: line.variantId, quantity: value ?? 0 };
  });
}

/**
 * The lines a save sends: those whose edited quantity differs from the saved one. With
 * `removals` false (the cart's own saves while the customer is still choosing) an emptied field
 * or a 0 waits for Update Cart, Checkout or leaving the cart, which send it as 0 (the line goes).
 */
export function cartSaveLines(
  lines: readonly QuantityLine[],
  edited: Readonly<Record<string, number | null>>,
  removals: boolean,
): { lineId: string; variantId: string; quantity: number }[] {
  return cartUpdateLines(lines, edited).filter((u, i) => u.quantity !== lines[i]!.quantity && (removals || u.quantity > 0));
}

/**
 * Each line's total and the subtotal with the edited quantities, in centavos, shown at once
 * while the save is on its way (the saved cart's figures replace them when it comes back).
 */
export function cartTotals(
  lines: readonly (QuantityLine & { unitPrice: number; totalPrice: number })[],
  edited: Readonly<Record<string, number | null>>,
  savedSubtotal: number,
): { lineTotals: Record<string, number>; subtotal: number } {
  const lineTotals: Record<string, number> = {};
  let subtotal = savedSubtotal;
  for (const line of lines) {
    const value = line.id in edited ? (edited[line.id] ?? 0) : line.quantity;
    const total = value === line.quantity ? line.totalPrice : line.unitPrice * value;
    lineTotals[line.id] = total;
    subtotal += total - line.totalPrice;
  }
  return { lineTotals, subtotal };
}

/** The edits left once a save of `sent` (line id to quantity) has come back: later changes stay. */
export function settleEdits(
  edited: Readonly<Record<string, number | null>>,
  sent: Readonly<Record<string, number>>,
): Record<string, number | null> {
  return Object.fromEntries(Object.entries(edited).filter(([id, value]) => !(id in sent) || sent[id] !== (value ?? 0)));
}
