// What a visitor's answer shows, so that a change to one product drops only the answers and
// pages that show it (docs/decisions/053-product-scoped-invalidation.md).
//
// The same idea as @envelop/response-cache's inside Yoga (its document transform is not
// exported), narrowed to what a change can name: each Product and ProductVariant the document
// selects also asks its id under an alias no operation uses; the answer's products and variants
// then name themselves ('Product:<global id>', as the plugin names entities), and the aliases are
// taken out before anyone sees the answer. Only those two types: a change names nothing else
// (catalogueChangeTags), and an id asked of any other type could be refused or cost. A document
// that selects a product listing anywhere (a field of ProductCountableConnection: products,
// featuredProducts, tires, a category's or brand's products) is marked LISTING_TAG as well:
// which products a listing holds depends on other products' columns, not only on those it shows.
import { getNamedType, Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type FieldNode, type GraphQLSchema } from 'graphql';

/** Marks an answer or page that holds a product listing. No GraphQL typename starts with '@'. */
export const LISTING_TAG = '@listing';
const LISTING_TYPES = new Set(['ProductCountableConnection']);
/** The types a change can name, and the alias their id is asked under. */
const ENTITY_ALIASES = new Map([
  ['Product', '__entityProduct'],
  ['ProductVariant', '__entityProductVariant'],
]);

export type TaggedDocument = { document: DocumentNode; listing: boolean };

const transformed = new WeakMap<DocumentNode, TaggedDocument>();

const aliasedField = (name: string, alias: string): FieldNode => ({ kind: Kind.FIELD, name: { kind: Kind.NAME, value: name }, alias: { kind: Kind.NAME, value: alias } });

/** The document with each product's and variant's id asked under an alias, and whether it selects a listing; once per document. */
export function withEntityFields(schema: GraphQLSchema, document: DocumentNode): TaggedDocument {
  const known = transformed.get(document);
  if (known) return known;
  const typeInfo = new TypeInfo(schema);
  let listing = false;
  const result = visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field() {
        const type = typeInfo.getType();
        if (type && LISTING_TYPES.has(getNamedType(type).name)) listing = true;
      },
      SelectionSet(node) {
        const alias = ENTITY_ALIASES.get(typeInfo.getParentType()?.name ?? '');
        return alias ? { ...node, selections: [...node.selections, aliasedField('id', alias)] } : undefined;
      },
    }),
  );
  const tagged = { document: result, listing };
  transformed.set(document, tagged);
  return tagged;
}

/**
 * Takes the aliases out of an answer's data (in place: the data is the execution's own) and
 * adds each product's and variant's 'Typename:id' to `tags`.
 */
export function takeEntities(data: unknown, tags: Set<string>): void {
  if (Array.isArray(data)) {
    for (const item of data) takeEntities(item, tags);
    return;
  }
  if (data === null || typeof data !== 'object') return;
  const record = data as Record<string, unknown>;
  for (const [typename, alias] of ENTITY_ALIASES) {
    if (!(alias in record)) continue;
    const id = record[alias];
    if (typeof id === 'string') tags.add(`${typename}:${id}`);
    delete record[alias];
  }
  for (const value of Object.values(record)) if (value !== null && typeof value === 'object') takeEntities(value, tags);
}
