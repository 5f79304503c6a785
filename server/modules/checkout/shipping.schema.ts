// The shipping API: ShippingMethod, ShippingZone with its rate table, and the shippingZones query.
import { builder } from '../../graphql/builder';
import { offsetConnection } from '../../graphql/pagination';
import { MoneyRangeRef, MoneyRef } from '../../graphql/types/money';
import {
  countShippingZones,
  listShippingMethods,
  listShippingZones,
  zoneRates,
  type ShippingMethodRow,
  type ShippingZoneRow,
} from './shipping.service';

// ---------------------------------------------------------------------------------------------
// Types

export const ShippingMethodTypeEnum = builder.enumType('ShippingMethodTypeEnum', {
  values: ['PICKUP', 'DELIVERY'] as const,
});

export const ShippingMethodRef = builder.objectRef<ShippingMethodRow>('ShippingMethod').implement({
  description: 'The first method is pickup, the second delivery (ids are fixed).',
  fields: (t) => ({
    id: t.globalID({
      resolve: (m) => ({ type: 'ShippingMethod', id: String(m.id) }),
    }),
    name: t.exposeString('name'),
    type: t.field({ type: ShippingMethodTypeEnum, resolve: (m) => m.type }),
    price: t.field({
      type: MoneyRef,
      description: 'The method itself costs nothing: delivery is charged by the rate table (estimatedShippingFee).',
      resolve: () => 0,
    }),
    minimumOrderPrice: t.field({
      type: MoneyRef,
      nullable: true,
      resolve: (m) => m.minimumOrderPrice,
    }),
    maximumOrderPrice: t.field({
      type: MoneyRef,
      nullable: true,
      resolve: (m) => m.maximumOrderPrice,
    }),
    minimumOrderWeight: t.float({
      nullable: true,
      description: 'Kilograms.',
      resolve: (m) => (m.minimumOrderWeightGrams === null ? null : m.minimumOrderWeightGrams / 1000),
    }),
    maximumOrderWeight: t.float({
      nullable: true,
      description: 'Kilograms.',
      resolve: (m) => (m.maximumOrderWeightGrams === null ? null : m.maximumOrderWeightGrams / 1000),
    }),
  }),
});

const ShippingRateRef = builder.objectRef<{ maxWeightGrams: number; price: number }>('ShippingRate').implement({
  description: 'One band of a zone rate table: parcels up to maxWeight kilograms cost price.',
  fields: (t) => ({
    maxWeight: t.float({
      description: 'Kilograms.',
      resolve: (r) => r.maxWeightGrams / 1000,
    }),
    price: t.field({ type: MoneyRef, resolve: (r) => r.price }),
  }),
});

export const ShippingZoneRef = builder.objectRef<ShippingZoneRow>('ShippingZone').implement({
  fields: (t) => ({
    id: t.globalID({
      resolve: (z) => ({ type: 'ShippingZone', id: String(z.id) }),
    }),
    name: t.exposeString('name'),
    default: t.exposeBoolean('isDefault'),
    provinces: t.exposeStringList('provinces'),
    extraPerKgPrice: t.field({
      type: MoneyRef,
      resolve: (z) => z.extraPerKgPrice,
    }),
    rates: t.field({
      type: [ShippingRateRef],
      resolve: (z, _a, ctx) => zoneRates(ctx, z.id),
    }),
    priceRange: t.field({
      type: MoneyRangeRef,
      nullable: true,
      resolve: async (z, _a, ctx) => {
        const prices = (await zoneRates(ctx, z.id)).map((r) => r.price);
        return prices.length ? { start: Math.min(...prices), stop: Math.max(...prices) } : null;
      },
    }),
    shippingMethods: t.field({
      type: [ShippingMethodRef],
      resolve: (_z, _a, ctx) => listShippingMethods(ctx),
    }),
  }),
});

builder.queryField('shippingZones', (t) =>
  t.connection(
    {
      type: ShippingZoneRef,
      resolve: (_root, args, ctx) =>
        offsetConnection(
          args,
          (page) => listShippingZones(ctx, page),
          () => countShippingZones(ctx),
        ),
    },
    { name: 'ShippingZoneCountableConnection' },
  ),
);
