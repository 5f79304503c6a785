// Cart quantity rules (spec 1, "Checkout flow" 8 and "Cart"): the cart's minus stops at 0,
// typed quantities accept digits only, Update Cart sends every line's quantity.

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

/** True when at least one edited quantity differs from the saved one. */
export function hasQuantityChanges(
  lines: readonly QuantityLine[],
  edited: Readonly<Record<string, number | null>>,
): boolean {
  return cartUpdateLines(lines, edited).some((u, i) => u.quantity !== lines[i]!.quantity);
}
