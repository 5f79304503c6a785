// Sale pricing in centavos: what a variant costs before and after the product's sale.

export type SaleTerms = { basePrice: number; salePercent: number | null; saleAmount: number | null };

export type VariantPrice = { price: number; undiscounted: number };

/** A variant's price: base + added, less the sale (a percent wins over a fixed amount), never below 0. */
export function variantPrice(product: SaleTerms, addedPrice: number): VariantPrice {
  const undiscounted = product.basePrice + addedPrice;
  let off = 0;
  if (product.salePercent != null && product.salePercent > 0) {
    off = Math.round((undiscounted * product.salePercent) / 100);
  } else if (product.saleAmount != null && product.saleAmount > 0) {
    off = product.saleAmount;
  }
  return { price: Math.max(0, undiscounted - Math.min(off, undiscounted)), undiscounted };
}

export type PriceBounds = {
  minPrice: number;
  maxPrice: number;
  minPriceUndiscounted: number;
  maxPriceUndiscounted: number;
};

/**
 * The added prices a product's range is made of: the optional exchange warranty (coverWarranty
 * above 0) is an add-on, not another model, so a phone whose price changes only with it shows
 * its base price, not a range. Keeps them all when nothing else is left.
 */
export function rangeAddedPrices(variants: { addedPrice: number; coverWarranty: number | null }[]): number[] {
  const base = variants.filter((v) => !v.coverWarranty);
  return (base.length > 0 ? base : variants).map((v) => v.addedPrice);
}

/** The ranges a product shows, from its variants' added prices (the base price alone when none). */
export function priceBounds(product: SaleTerms, addedPrices: number[]): PriceBounds {
  const prices = (addedPrices.length > 0 ? addedPrices : [0]).map((a) => variantPrice(product, a));
  return {
    minPrice: Math.min(...prices.map((p) => p.price)),
    maxPrice: Math.max(...prices.map((p) => p.price)),
    minPriceUndiscounted: Math.min(...prices.map((p) => p.undiscounted)),
    maxPriceUndiscounted: Math.max(...prices.map((p) => p.undiscounted)),
  };
}

export type ProductPricing = {
  onSale: boolean;
  /** Centavos off the start of the range (the badge divides it by the undiscounted start). */
  discount: number | null;
  priceRange: { start: number; stop: number };
  priceRangeUndiscounted: { start: number; stop: number };
};

export function productPricing(bounds: PriceBounds): ProductPricing {
  const onSale = bounds.minPrice < bounds.minPriceUndiscounted || bounds.maxPrice < bounds.maxPriceUndiscounted;
  return {
    onSale,
    discount: onSale ? bounds.minPriceUndiscounted - bounds.minPrice : null,
    priceRange: { start: bounds.minPrice, stop: bounds.maxPrice },
    priceRangeUndiscounted: { start: bounds.minPriceUndiscounted, stop: bounds.maxPriceUndiscounted },
  };
}

export type VariantPricing = {
  onSale: boolean;
  discount: number | null;
  price: number;
  priceUndiscounted: number;
};

export function variantPricing(product: SaleTerms, addedPrice: number): VariantPricing {
  const { price, undiscounted } = variantPrice(product, addedPrice);
  const onSale = price < undiscounted;
  return { onSale, discount: onSale ? undiscounted - price : null, price, priceUndiscounted: undiscounted };
}
