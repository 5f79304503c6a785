// What a visitor's answer shows, so that a change to one product drops only the answers and
// pages that show it (docs/decisions/053-product-scoped-invalidation.md).
//
// The same as @envelop/response-cache does inside Yoga (its document transform is not exported):
// the document asks every object's __typename and id besides what it selects, under aliases no
// operation uses; the answer's objects then name themselves ('Product:<global id>'), and the
// aliases are taken out before anyone sees the answer. A document that selects a product listing
// anywhere (a field of ProductCountableConnection: products, featuredProducts, tires, a category's
// or brand's products) is marked LISTING_TAG as well: which products a listing holds depends on
// other products' columns, not only on those it shows.
import { isInterfaceType, isObjectType, Kind, TypeInfo, visit, visitWithTypeInfo, getNamedType, type DocumentNode, type FieldNode, type GraphQLSchema } from 'graphql';

/** Marks an answer or page that holds a product listing. No GraphQL typename starts with '@'. */
export const LISTING_TAG = '@listing';
const LISTING_TYPES = new Set(['ProductCountableConnection']);
const TYPENAME_ALIAS = '__entityTypename';
const ID_ALIAS = '__entityId';

export type TaggedDocument = { document: DocumentNode; listing: boolean };

const transformed = new WeakMap<DocumentNode, TaggedDocument>();

const aliasedField = (name: string, alias: string): FieldNode => ({ kind: Kind.FIELD, name: { kind: Kind.NAME, value: name }, alias: { kind: Kind.NAME, value: alias } });

/** The document with every object's __typename and id asked under aliases, and whether it selects a listing; once per document. */
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
        const parent = typeInfo.getParentType();
        if (!parent) return undefined;
        const selections = [...node.selections, aliasedField('__typename', TYPENAME_ALIAS)];
        if ((isObjectType(parent) || isInterfaceType(parent)) && parent.getFields().id) selections.push(aliasedField('id', ID_ALIAS));
        return { ...node, selections };
      },
    }),
  );
  const tagged = { document: result, listing };
  transformed.set(document, tagged);
  return tagged;
}

/**
 * Takes the aliases out of an answer's data (in place: the data is the execution's own) and
 * adds each object's 'Typename:id' to `tags`.
 */
export function takeEntities(data: unknown, tags: Set<string>): void {
  if (Array.isArray(data)) {
    for (const item of data) takeEntities(item, tags);
    return;
  }
  if (data === null || typeof data !== 'object') return;
  const record = data as Record<string, unknown>;
  const typename = record[TYPENAME_ALIAS];
  const id = record[ID_ALIAS];
  if (typeof typename === 'string' && (typeof id === 'string' || typeof id === 'number')) tags.add(`${typename}:${id}`);
  delete record[TYPENAME_ALIAS];
  delete record[ID_ALIAS];
  for (const value of Object.values(record)) if (value !== null && typeof value === 'object') takeEntities(value, tags);
}
