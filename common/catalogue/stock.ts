// Stock words shown to shoppers: the rulebook's 'Out of stock.' stays; a few units left
// also say how many, and quantities stop at what can be bought.

/** At or below this many units, the product page and the cart say how many are left. */
export const LOW_STOCK_THRESHOLD = 5;

export const OUT_OF_STOCK = 'Out of stock.';

/**
 * The most stock a visitor's or customer's answer reports (ADR 035): above LOW_STOCK_THRESHOLD
 * nothing a shopper sees depends on the exact figure, so "6" means "6 or more", and an order
 * that leaves a variant with more than that changes no public answer (the catalogue's change
 * trigger, migration 0023, compares stock through this cap). Staff and the cart's own lines see
 * the exact stock.
 */
export const PUBLIC_STOCK_CAP = LOW_STOCK_THRESHOLD + 1;

/** The stock as shoppers' answers report it. */
export function publicStock(stockQuantity: number): number {
  return Math.min(stockQuantity, PUBLIC_STOCK_CAP);
}

/**
 * The most the product page's quantity box offers: what is left when fewer than
 * PUBLIC_STOCK_CAP are, else no limit of its own (adding more than is left sets the cart line
 * to what can be bought, and says so: stockClampText).
 */
export function pickLimit(publicStockQuantity: number | null | undefined): number | undefined {
  return publicStockQuantity != null && publicStockQuantity < PUBLIC_STOCK_CAP ? publicStockQuantity : undefined;
}

export function onlyLeftText(units: number): string {
  return `Only ${units} left`;
}

/** Said when a cart line asked for more than is left and was set to what can be bought. */
export function stockClampText(units: number): string {
  return units === 1 ? `${onlyLeftText(1)}: it is in your cart.` : `${onlyLeftText(units)}: all ${units} are in your cart.`;
}

/** "Only N left" when 1 to LOW_STOCK_THRESHOLD units can be bought, else null. */
export function lowStockHint(stockQuantity: number | null | undefined): string | null {
  if (stockQuantity == null || stockQuantity < 1 || stockQuantity > LOW_STOCK_THRESHOLD) return null;
  return onlyLeftText(stockQuantity);
}

/** The most of one variant a cart line may hold: its stock, within the line limit. */
export function maxBuyable(stockQuantity: number | null | undefined, lineLimit: number): number {
  if (stockQuantity == null) return lineLimit;
  return Math.max(0, Math.min(lineLimit, stockQuantity));
}
