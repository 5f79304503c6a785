// Operations built from schema.graphql itself, so a new root field is probed (or the suite
// fails asking for it to be classified) without anyone writing its query by hand.
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';

export const schema: GraphQLSchema = buildSchema(readFileSync('schema.graphql', 'utf8'));

export type RootField = { operation: 'query' | 'mutation'; name: string; field: GraphQLField<unknown, unknown> };

export function rootFields(): RootField[] {
  const of = (operation: 'query' | 'mutation') => {
    const type = operation === 'query' ? schema.getQueryType() : schema.getMutationType();
    return Object.values(type?.getFields() ?? {}).map((field) => ({ operation, name: field.name, field }));
  };
  return [...of('query'), ...of('mutation')];
}

/** A selection of the type's fields to `depth` levels, skipping fields that need arguments. */
export function selectionOf(type: GraphQLOutputType, depth = 3): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (depth === 0) return '{ __typename }';
  if (!isObjectType(named) && !isInterfaceType(named)) return '{ __typename }';
  const parts = ['__typename'];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((a) => isNonNullType(a.type))) continue;
    const inner = getNamedType(field.type);
    if (isLeafType(inner)) parts.push(field.name);
    else if (depth > 1) parts.push(`${field.name} ${selectionOf(field.type, depth - 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/** `query ($a: T!, ...) { field(a: $a, ...) { ... } }` with every argument as a variable. */
export function operationFor(root: RootField, args: readonly GraphQLArgument[] = root.field.args, depth = 3): string {
  const defs = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  return `${root.operation}${defs ? ` (${defs})` : ''} { ${root.name}${call} ${selectionOf(root.field.type, depth)} }`;
}

/** A plain valid value of an input type; `idFor` picks ids by argument name. */
export function sampleValue(type: GraphQLInputType, name: string, idFor: (name: string) => string | undefined): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType, name, idFor);
  if (isListType(type)) return [sampleValue(type.ofType, name, idFor)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) {
    return Object.fromEntries(Object.values(type.getFields()).map((f) => [f.name, sampleValue(f.type, f.name, idFor)]));
  }
  switch (type.name) {
    case 'ID':
      return idFor(name) ?? 'UHJvZHVjdDox';
    case 'Int':
      return 1;
    case 'Float':
      return 1;
    case 'Boolean':
      return true;
    case 'DateTime':
      return '2026-01-01T00:00:00Z';
    case 'Date':
      return '2000-01-01';
    default:
      return /email/i.test(name) ? 'probe@example.com' : /password/i.test(name) ? 'probe-password-123' : 'probe';
  }
}
