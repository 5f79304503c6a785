// What a product type's products have in common, read from the products themselves
// (ProductType.productAttributes and variantAttributes, ADR 044): the specification names its
// published products list, and the variant choices (color, memory, exchange warranty) their
// variants offer. Batched per request, one statement for every type a page asks about.
import { sql } from 'drizzle-orm';
import { OPTION_LABELS, OPTION_ORDER, type OptionKey } from '../../../common/catalogue/variant-selection';
import type { ServiceContext } from '../../graphql/context';
import { contextLoader } from './catalogue.loaders';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;

/** Attribute names of the type's published products, in specification order (the order products list them, then A to Z). */
export const productAttributesByType = (ctx: ServiceContext) =>
  contextLoader<string[]>(
    ctx,
    'productAttributesByType',
    async (ids) => {
      const rows = rowsOf<{ type_id: number; name: string }>(
        await ctx.db.execute(sql`
          SELECT p.product_type_id AS type_id, a.elem->>'name' AS name
          FROM products p CROSS JOIN LATERAL jsonb_array_elements(p.attributes) WITH ORDINALITY AS a(elem, ord)
          WHERE p.product_type_id IN (${sql.join([...ids].map((id) => sql`${id}`), sql`, `)}) AND p.is_published
            AND coalesce(a.elem->>'name', '') <> ''
          GROUP BY p.product_type_id, a.elem->>'name'
          ORDER BY p.product_type_id, min(a.ord), a.elem->>'name'`),
      );
      const byType = new Map<number, string[]>();
      for (const row of rows) {
        const typeId = Number(row.type_id);
        byType.set(typeId, [...(byType.get(typeId) ?? []), row.name]);
      }
      return byType;
    },
    () => [],
  );

/** The variant choices the type's published products offer, in the picker's order, with the picker's labels. */
export const variantAttributesByType = (ctx: ServiceContext) =>
  contextLoader<{ key: OptionKey; name: string }[]>(
    ctx,
    'variantAttributesByType',
    async (ids) => {
      const rows = rowsOf<{ type_id: number; color: boolean; memory: boolean; cover_warranty: boolean }>(
        await ctx.db.execute(sql`
          SELECT p.product_type_id AS type_id, bool_or(v.color IS NOT NULL) AS color, bool_or(v.memory IS NOT NULL) AS memory,
            bool_or(v.cover_warranty IS NOT NULL) AS cover_warranty
          FROM product_variants v JOIN products p ON p.id = v.product_id
          WHERE p.product_type_id IN (${sql.join([...ids].map((id) => sql`${id}`), sql`, `)}) AND p.is_published AND NOT v.is_custom_amount
          GROUP BY p.product_type_id`),
      );
      const offered: Record<OptionKey, keyof (typeof rows)[number]> = { color: 'color', memory: 'memory', coverWarranty: 'cover_warranty' };
      return new Map(
        rows.map((row) => [
          Number(row.type_id),
          OPTION_ORDER.filter((key) => row[offered[key]] === true).map((key) => ({ key, name: OPTION_LABELS[key] })),
        ]),
      );
    },
    () => [],
  );

/** A type's metadata as a list, A to Z by key (ProductType.meta). */
export function metadataItems(metadata: Record<string, string> | null | undefined): { key: string; value: string }[] {
  return Object.entries(metadata ?? {})
    .map(([key, value]) => ({ key, value: String(value) }))
    .sort((a, b) => a.key.localeCompare(b.key));
}
