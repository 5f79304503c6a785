// Tire search by size (docs/product/catalogue.md#tire-search): three dependent choices kept in the URL.

export const TIRE_FIELDS = [
  { param: 'width', attribute: 'WIDTH', label: 'Width' },
  { param: 'aspect_ratio', attribute: 'ASPECT_RATIO', label: 'Aspect Ratio' },
  { param: 'rim_diameter', attribute: 'RIM_DIAMETER', label: 'Rim Diameter' },
] as const;

export type TireParam = (typeof TIRE_FIELDS)[number]['param'];
export type TireSize = { width: string | null; aspectRatio: string | null; rimDiameter: string | null };

export const TIRE_PAGE_SIZE = 20;
export const TIRE_DELIVERY_NOTICE = 'Tires are delivered within Metro Manila only, with extra shipping.';
/** The product decisions' tire constants: installation is the partner's, and may cost extra. */
export const TIRE_INSTALLATION_NOTICE = 'Installation is through a partner centre, with possible separate charges.';

/**
 * Checkout's refusal of a tire line for a shipping address outside Metro Manila: what happened
 * and the three ways on (docs/decisions/043-tires-tracking-links-and-the-cart-slide-in.md).
 */
export function tireOutsideMetroManilaMessage(tireNames: readonly string[], place: { city: string; province: string }): string {
  const what = tireNames.length === 1 ? tireNames[0] : 'the tires';
  return (
    `We deliver tires within Metro Manila only, and ${place.city}, ${place.province} is outside it. ` +
    `Ship to a Metro Manila address, choose store pickup, or remove ${what} from your cart.`
  );
}

export function readTireSize(params: URLSearchParams): TireSize {
  const get = (k: string) => params.get(k)?.trim() || null;
  return { width: get('width'), aspectRatio: get('aspect_ratio'), rimDiameter: get('rim_diameter') };
}

/**
 * The URL parameters after choosing a value: choosing width resets aspect ratio and rim
 * diameter; choosing aspect ratio resets rim diameter. Other parameters are kept.
 */
export function chooseTireValue(params: URLSearchParams, param: TireParam, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const index = TIRE_FIELDS.findIndex((f) => f.param === param);
  for (const field of TIRE_FIELDS.slice(index + 1)) next.delete(field.param);
  if (value) next.set(param, value);
  else next.delete(param);
  next.delete('after');
  return next;
}

/** Results load only once all three are chosen. */
export function isCompleteTireSize(size: TireSize): size is { width: string; aspectRatio: string; rimDiameter: string } {
  return Boolean(size.width && size.aspectRatio && size.rimDiameter);
}

/** The previous values the API needs to list the choices of a field. */
export function previousTireValues(size: TireSize, param: TireParam): string[] | null {
  if (param === 'width') return [];
  if (param === 'aspect_ratio') return size.width ? [size.width] : null;
  return size.width && size.aspectRatio ? [size.width, size.aspectRatio] : null;
}

/** '205/55 R16' */
export function formatTireSize(size: TireSize): string {
  return `${size.width ?? ''}/${size.aspectRatio ?? ''} R${size.rimDiameter ?? ''}`;
}
