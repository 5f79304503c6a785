// The tire search API: tireAttributeValues (dependent dropdowns) and tires (results).
import { inArray } from 'drizzle-orm';
import { builder } from '../../graphql/builder';
import { offsetConnection } from '../../graphql/pagination';
import { loadByIds } from '../catalogue/catalogue.loaders';
import { parseNodeKey } from '../../graphql/node-key';
import { ProductRef } from '../catalogue/catalogue.schema';
import { withDescendants } from '../catalogue/catalogue.service';
import { parseId } from '../catalogue/ids';
import type { ServiceContext } from '../../graphql/context';
import { tires } from './tires.tables';
import { countTires, listTires, tireAttributeValues, tireByProduct, tireSize, type TireRow, type TireScope } from './tires.service';

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
    brand: t.id({ description: "Only this brand's tires (/tire-search/brand/{id})." }),
    category: t.id({ description: "Only this category's tires, its subcategories included (/tire-search/category/{id})." }),
  }),
});

/** The brand or category a search is limited to; an id that is no brand or category finds nothing. */
async function tireScope(ctx: ServiceContext, args: { brand?: string | number | null; category?: string | number | null }): Promise<TireScope> {
  const scope: TireScope = {};
  if (args.brand != null) scope.brandId = parseId(args.brand, 'Brand') ?? 0;
  if (args.category != null) {
    const categoryId = parseId(args.category, 'Category');
    scope.categoryIds = categoryId == null ? [] : await withDescendants(ctx, [categoryId]);
  }
  return scope;
}

// Product.tire: the size of a tire product (null for anything else). The product page reads it
// in its own statement (tires.reactions.ts primes the loader).
builder.objectField(ProductRef, 'tire', (t) =>
  t.field({
    type: TireRef,
    nullable: true,
    resolve: (product, _args, ctx) => tireByProduct(ctx).load(product.id),
  }),
);

builder.queryFields((t) => ({
  tireAttributeValues: t.field({
    type: ['String'],
    description: 'Values of a size attribute given the earlier choices: [] for WIDTH, [width] for ASPECT_RATIO, [width, aspectRatio] for RIM_DIAMETER.',
    args: {
      attribute: t.arg({ type: TireAttributeEnum, required: true }),
      previousValues: t.arg.stringList({ defaultValue: [] }),
      brand: t.arg.id({ description: "Only this brand's tires." }),
      category: t.arg.id({ description: "Only this category's tires, its subcategories included." }),
    },
    resolve: async (_root, args, ctx) => tireAttributeValues(ctx, args.attribute, args.previousValues ?? [], await tireScope(ctx, args)),
  }),
  tires: t.connection(
    {
      type: TireRef,
      args: { filter: t.arg({ type: TireFilterInput }) },
      resolve: async (_root, args, ctx) => {
        const { brand, category, ...size } = args.filter ?? {};
        const filter = { ...size, ...(await tireScope(ctx, { brand, category })) };
        return offsetConnection(args, (page) => listTires(ctx, filter, page), () => countTires(ctx, filter));
      },
    },
    TireConnection,
  ),
}));
