// The product page's gallery: every picture of the product, the chosen colour's first.

type Picture = { url: string };

/**
 * The chosen colour's pictures lead, then the product's others, each once. Showing only the
 * colour's own pictures left a shopper who picked a colour with "1 out of 1" on a product
 * with three, and no way to see the rest without un-choosing.
 */
export function galleryImages<I extends Picture>(productImages: readonly I[], chosenColourImages: readonly I[]): I[] {
  const seen = new Set<string>();
  const ordered: I[] = [];
  for (const image of [...chosenColourImages, ...productImages]) {
    if (seen.has(image.url)) continue;
    seen.add(image.url);
    ordered.push(image);
  }
  return ordered;
}
