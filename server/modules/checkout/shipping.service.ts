// Shipping: the fixed methods (pickup, delivery), the zones by province and their rate tables.
import { asc, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { readThrough } from '../../db/table-cache';
import type { RateTable } from './checkout-totals';
import { shippingMethods, shippingRates, shippingZones } from './checkout.tables';

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
export type ShippingZoneRow = typeof shippingZones.$inferSelect;

/** The fixed methods in their fixed order: the first is pickup, the second delivery. */
export async function listShippingMethods(ctx: ServiceContext): Promise<ShippingMethodRow[]> {
  return ctx.db.select().from(shippingMethods).orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id));
}

/**
 * The methods as a checkout's view reads them: through the process's table cache (shared by
 * every request until the table changes; never modify the rows).
 */
export function shippingMethodsForCheckout(ctx: ServiceContext): Promise<ShippingMethodRow[]> {
  return readThrough(ctx, 'shipping_methods', ['shipping_methods'], (db) => listShippingMethods({ ...ctx, db }));
}

export async function listShippingZones(
  ctx: ServiceContext,
  page?: { limit: number; offset: number },
): Promise<ShippingZoneRow[]> {
  const query = ctx.db.select().from(shippingZones).orderBy(asc(shippingZones.sortOrder), asc(shippingZones.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countShippingZones(ctx: ServiceContext): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(shippingZones);
  return row?.n ?? 0;
}

export async function zoneRates(ctx: ServiceContext, zoneId: number) {
  return ctx.db
    .select()
    .from(shippingRates)
    .where(eq(shippingRates.zoneId, zoneId))
    .orderBy(asc(shippingRates.maxWeightGrams));
}

/** The zone of a province (case-insensitive), else the default zone, else none. */
export async function zoneForProvince(ctx: ServiceContext, province: string): Promise<ShippingZoneRow | null> {
  const zones = await listShippingZones(ctx);
  const wanted = province.trim().toLowerCase();
  return (
    zones.find((z) => z.provinces.some((p) => p.toLowerCase() === wanted)) ?? zones.find((z) => z.isDefault) ?? null
  );
}

/** The rate table of a province's zone, through the process's table cache (see shippingMethodsForCheckout). */
export async function rateTableFor(ctx: ServiceContext, province: string | null): Promise<RateTable | null> {
  if (!province) return null;
  const key = `rate_table:${province.trim().toLowerCase()}`;
  return readThrough(ctx, key, ['shipping_zones', 'shipping_rates'], async (db) => {
    const zone = await zoneForProvince({ ...ctx, db }, province);
    if (!zone) return null;
    return {
      rates: await zoneRates({ ...ctx, db }, zone.id),
      extraPerKgPrice: zone.extraPerKgPrice,
    };
  });
}
