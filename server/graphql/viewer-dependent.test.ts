// A field whose answer depends on who asks must be marked where it is defined: otherwise a
// signed-in page asking a public query that selects it is served the visitors' cached answer.
import { getNamedType, isInterfaceType, isObjectType, isUnionType, type GraphQLField, type GraphQLNamedType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PUBLIC_QUERY_FIELDS } from './response-cache';
import { schema } from './schema';
import { SHARED_WITH_VISITORS, VIEWER_DEPENDENT, viewerDependentFields } from './viewer-dependent';
import { VIEWER_DEPENDENT_FIELDS } from './in-process';

type PothosOptions = { resolve?: (...args: unknown[]) => unknown; authScopes?: unknown };

/** Every object type a visitor's public query can reach, from the public root fields down. */
function publicTypes(): Map<string, GraphQLNamedType> {
  const seen = new Map<string, GraphQLNamedType>();
  const queue: GraphQLNamedType[] = PUBLIC_QUERY_FIELDS.map((name) => getNamedType(schema.getQueryType()!.getFields()[name]!.type));
  while (queue.length) {
    const type = queue.pop()!;
    if (seen.has(type.name)) continue;
    seen.set(type.name, type);
    if (isObjectType(type) || isInterfaceType(type)) for (const field of Object.values(type.getFields())) queue.push(getNamedType(field.type));
    if (isUnionType(type)) queue.push(...type.getTypes());
    if (isInterfaceType(type)) queue.push(...schema.getPossibleTypes(type));
  }
  return seen;
}

/** Signs that a resolver answers per viewer: a permission scope, or reading the signed-in user. */
function readsTheViewer(field: GraphQLField<unknown, unknown>): boolean {
  const options = (field.extensions?.pothosOptions ?? {}) as PothosOptions;
  if (options.authScopes) return true;
  return /\bctx\.user\b|\bcontext\.user\b|\bviewer\b|watch/i.test(options.resolve?.toString() ?? '');
}

describe('viewer-dependent fields', () => {
  it('marks every field of a public type that answers per viewer', () => {
    const unmarked: string[] = [];
    for (const type of publicTypes().values()) {
      if (!isObjectType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        const marked = field.extensions?.[VIEWER_DEPENDENT] === true || typeof field.extensions?.[SHARED_WITH_VISITORS] === 'string';
        if (readsTheViewer(field) && !marked) unmarked.push(`${type.name}.${field.name}`);
      }
    }
    expect(unmarked, "add extensions: { viewerDependent: true } (or { sharedWithVisitors: '<why>' }) where the field is defined").toEqual([]);
  });

  it('is the list the in-process client keeps credentials for', () => {
    expect([...VIEWER_DEPENDENT_FIELDS].sort()).toEqual([...viewerDependentFields(schema)].sort());
    expect(VIEWER_DEPENDENT_FIELDS).toEqual(new Set(['adminInfo', 'isInWatchlist']));
  });

  it('finds a resolver that reads the viewer (a check that reads nothing would pass everything)', () => {
    const product = schema.getType('Product');
    expect(isObjectType(product) && readsTheViewer(product.getFields().isInWatchlist!)).toBe(true);
    expect(isObjectType(product) && readsTheViewer(product.getFields().name!)).toBe(false);
  });
});
