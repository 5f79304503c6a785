// Stored images and their derivatives: files under DATA_DIR/media/<key>/<width>.webp, served
// at /media/<key>/<width>.webp with immutable cache headers (keys change when content changes).

/** An image as the database keeps it: its media key and the size of the largest file. */
export type StoredImage = { key: string; width: number; height: number; alt?: string };

/** The widths every derivative set is cut to (capped by the original's width). */
// 255 and 510 cover product cards at 1x and 2x; 1020 and 1600 the wide banners.
export const DERIVATIVE_WIDTHS = [255, 510, 1020, 1600] as const;

export function derivativeWidths(originalWidth: number): number[] {
  const widths: number[] = DERIVATIVE_WIDTHS.filter((w) => w < originalWidth);
  widths.push(originalWidth);
  return widths;
}

export function mediaPath(key: string, width: number): string {
  return `/media/${key}/${width}.webp`;
}

/** The smallest derivative at least `size` wide (or the largest there is), with its height. */
export function pickDerivative(image: StoredImage, size?: number | null) {
  const widths = derivativeWidths(image.width);
  const wanted = size && size > 0 ? size : image.width;
  const width = widths.find((w) => w >= wanted) ?? image.width;
  const height = Math.round((image.height * width) / image.width);
  return { url: mediaPath(image.key, width), width, height };
}

/** `srcset` text over every derivative, for responsive <img>. */
export function srcSet(image: StoredImage): string {
  return derivativeWidths(image.width)
    .map((w) => `${mediaPath(image.key, w)} ${w}w`)
    .join(', ');
}
