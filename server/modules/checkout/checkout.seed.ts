// Demo checkout data: the four shipping zones with a weight rate table, and demo promo codes.
// Provinces come from the PSGC package, grouped into zones by region.
import { getAllProvinces } from '@aivangogh/ph-address';
import type { Database } from '../../db/client';
import { shippingRates, shippingZones, vouchers } from './checkout.tables';

type ZoneSeed = {
  name: string;
  regions: string[];
  extraPerKgPrice: number;
  /** [max grams, price centavos] */
  rates: [number, number][];
  isDefault?: boolean;
  extraProvinces?: string[];
};

// PSGC region codes (first two digits) by island group; MIMAROPA (17) and CAR (14) are Luzon,
// Negros Island Region (18) is Visayas, BARMM (19) is Mindanao.
export const DEMO_ZONES: ZoneSeed[] = [
  {
    name: 'Metro Manila',
    regions: ['13'],
    // The shop's addresses write NCR as the province "Metro Manila" (accounts' PSGC list).
    extraProvinces: ['Metro Manila', 'National Capital Region', 'NCR'],
    extraPerKgPrice: 50_00,
    rates: [
      [500, 100_00],
      [1000, 150_00],
      [3000, 220_00],
      [5000, 300_00],
    ],
  },
  {
    name: 'Rest of Luzon',
    regions: ['01', '02', '03', '04', '05', '14', '17'],
    extraPerKgPrice: 70_00,
    rates: [
      [500, 140_00],
      [1000, 190_00],
      [3000, 280_00],
      [5000, 380_00],
    ],
  },
  {
    name: 'Visayas',
    regions: ['06', '07', '08', '18'],
    extraPerKgPrice: 85_00,
    rates: [
      [500, 160_00],
      [1000, 220_00],
      [3000, 330_00],
      [5000, 450_00],
    ],
  },
  {
    name: 'Mindanao',
    regions: ['09', '10', '11', '12', '16', '19'],
    extraPerKgPrice: 95_00,
    // An unknown province is charged the farthest zone's rates, never undercharged.
    isDefault: true,
    rates: [
      [500, 170_00],
      [1000, 240_00],
      [3000, 360_00],
      [5000, 490_00],
    ],
  },
];

export const DEMO_VOUCHERS = [
  {
    code: 'SUKI100',
    name: '₱100 off orders of ₱1,000 or more',
    type: 'FIXED' as const,
    value: 100_00,
    minimumSpend: 1_000_00,
    usageLimit: null,
  },
  {
    code: 'SAVE10',
    name: '10% off orders of ₱5,000 or more',
    type: 'PERCENTAGE' as const,
    value: 1000,
    minimumSpend: 5_000_00,
    usageLimit: 100,
  },
];

/** Provinces of the given PSGC regions, by name. */
export function provincesOf(regions: readonly string[]): string[] {
  return getAllProvinces()
    .filter((p) => regions.includes(p.regionCode.slice(0, 2)))
    .map((p) => p.name)
    .sort();
}

/** Shipping zones and their rate tables (the fixed methods come with the migration). */
export async function seedShippingZones(db: Database): Promise<void> {
  for (const [index, zone] of DEMO_ZONES.entries()) {
    const [row] = await db
      .insert(shippingZones)
      .values({
        name: zone.name,
        isDefault: zone.isDefault === true,
        provinces: [...(zone.extraProvinces ?? []), ...provincesOf(zone.regions)],
        extraPerKgPrice: zone.extraPerKgPrice,
        sortOrder: index,
      })
      .returning({ id: shippingZones.id });
    await db
      .insert(shippingRates)
      .values(zone.rates.map(([maxWeightGrams, price]) => ({ zoneId: row!.id, maxWeightGrams, price })));
  }
}

/** The checkout part of the demo shop: zones with rates, then promo codes. */
export async function seedCheckout(db: Database): Promise<void> {
  await seedShippingZones(db);
  await db.insert(vouchers).values(DEMO_VOUCHERS).onConflictDoNothing();
}
