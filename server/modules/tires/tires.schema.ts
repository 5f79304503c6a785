// The tire search API: tireAttributeValues (dependent dropdowns) and tires (results).
import { inArray } from 'drizzle-orm';
import { builder } from '../../graphql/builder';
import { offsetConnection } from '../../graphql/pagination';
import { contextLoader, loadByIds } from '../catalogue/catalogue.loaders';
import { parseNodeKey } from '../../graphql/node-key';
import { ProductRef } from '../catalogue/catalogue.schema';
import { tires } from './tires.tables';
import { countTires, listTires, tireAttributeValues, tireSize, type TireRow } from './tires.service';

const TireAttributeEnum = builder.enumType('TireAttribute', { values: ['WIDTH', 'ASPECT_RATIO', 'RIM_DIAMETER'] as const });

const TireRef = builder.loadableNodeRef<TireRow, number>('Tire', {
  id: { resolve: (t) => t.id, parse: parseNodeKey },
  load: (ids, ctx) => loadByIds(ids, (list) => ctx.db.select().from(tires).where(inArray(tires.id, list)), 'Tire'),
});

TireRef.implement({
  fields: (t) => ({
    width: t.exposeInt('width'),
    aspectRatio: t.exposeInt('aspectRatio'),
    rimDiameter: t.exposeInt('rimDiameter'),
    size: t.string({ description: 'e.g. 205/55 R16', resolve: tireSize }),
    loadIndex: t.exposeInt('loadIndex', { nullable: true }),
    speedRating: t.exposeString('speedRating', { nullable: true }),
    product: t.field({ type: ProductRef, resolve: (tire) => tire.productId }),
  }),
});

const TireConnection = builder.connectionObject({ type: TireRef, name: 'TireCountableConnection' });

const TireFilterInput = builder.inputType('TireFilterInput', {
  fields: (t) => ({
    width: t.int(),
    aspectRatio: t.int(),
    rimDiameter: t.int(),
  }),
});

// Product.tire: the size of a tire product (null for anything else).
builder.objectField(ProductRef, 'tire', (t) =>
  t.field({
    type: TireRef,
    nullable: true,
    resolve: async (product, _args, ctx) => {
      const loader = contextLoader<TireRow | null>(
        ctx,
        'tireByProduct',
        async (ids) => {
          const rows = await ctx.db.select().from(tires).where(inArray(tires.productId, [...ids]));
          return new Map(rows.map((r) => [r.productId, r]));
        },
        () => null,
      );
      return loader.load(product.id);
    },
  }),
);

builder.queryFields((t) => ({
  tireAttributeValues: t.field({
    type: ['String'],
    description: 'Values of a size attribute given the earlier choices: [] for WIDTH, [width] for ASPECT_RATIO, [width, aspectRatio] for RIM_DIAMETER.',
    args: {
      attribute: t.arg({ type: TireAttributeEnum, required: true }),
      previousValues: t.arg.stringList({ defaultValue: [] }),
    },
    resolve: (_root, args, ctx) => tireAttributeValues(ctx, args.attribute, args.previousValues ?? []),
  }),
  tires: t.connection(
    {
      type: TireRef,
      args: { filter: t.arg({ type: TireFilterInput }) },
      resolve: (_root, args, ctx) => {
        const filter = args.filter ?? {};
        return offsetConnection(args, (page) => listTires(ctx, filter, page), () => countTires(ctx, filter));
      },
    },
    TireConnection,
  ),
}));
