// Tires are delivered within Metro Manila only (the product decisions, "Addresses"): a delivery
// checkout with a tire line refuses a shipping address elsewhere, at the address step and again
// when the order is placed. Pickup at the store is always possible. Metro Manila is the PSGC
// region NCR (accounts' place list).
import { tireOutsideMetroManilaMessage } from '../../../common/catalogue/tire-search';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { isInMetroManila } from '../accounts/ph-places';
import { productDisplayName } from '../../../common/catalogue/pricing';
import { tireProductIds } from '../tires/tires.service';

export type TireDeliveryLine = { productId: number; productName: string; brandName: string | null };

/**
 * Throws the refusal (on `field`) when the checkout delivers a tire to an address outside Metro
 * Manila; does nothing for pickup, without an address, or without tires.
 */
export async function assertTiresDeliverable(
  ctx: ServiceContext,
  input: { lines: readonly TireDeliveryLine[]; isDelivery: boolean; address: { city: string; countryArea: string } | null; field: string },
): Promise<void> {
  const { address } = input;
  if (!input.isDelivery || !address || isInMetroManila(address.countryArea) || input.lines.length === 0) return;
  const tires = await tireProductIds(ctx, input.lines.map((l) => l.productId));
  const tireLines = input.lines.filter((l) => tires.has(l.productId));
  if (tireLines.length === 0) return;
  const names = [...new Set(tireLines.map((l) => productDisplayName(l.productName, l.brandName ?? undefined)))];
  throw new DomainError(tireOutsideMetroManilaMessage(names, { city: address.city, province: address.countryArea }), input.field);
}
