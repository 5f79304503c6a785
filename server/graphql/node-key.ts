// Row ids behind global ids. Every table's id is a PostgreSQL integer.
import { decodeGlobalID } from '@pothos/plugin-relay';
import { GraphQLError } from 'graphql';
import { DomainError } from '../lib/domain-error';

const MAX_ID = 2_147_483_647;

/** A row id from its decimal text, or null when it is not one (a bigger number would fail the query). */
export function parseRowId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * The row id behind an argument that names a row of `typename`: its Relay global id ('Order:12'
 * in base64) or, where `bareNumbers` (ids in links and tools), the plain number. Null for
 * anything else: a global id of another type, text that is no id, a number no integer column
 * holds. The one parser every argument goes through, so each refuses the same things.
 */
export function rowIdOf(value: string | number, typename: string | readonly string[], options: { bareNumbers?: boolean } = {}): number | null {
  const text = String(value).trim();
  if (options.bareNumbers && /^\d+$/.test(text)) return parseRowId(text);
  const typenames = typeof typename === 'string' ? [typename] : typename;
  try {
    const decoded = decodeGlobalID(text);
    return typenames.includes(decoded.typename) ? parseRowId(decoded.id) : null;
  } catch {
    // not a global id
    return null;
  }
}

/** rowIdOf, or the caller's "not found" refusal on `field`. */
export function requireRowId(
  value: string | number,
  typename: string | readonly string[],
  refusal: { message: string; field?: string; bareNumbers?: boolean },
): number {
  const id = rowIdOf(value, typename, { bareNumbers: refusal.bareNumbers });
  if (id === null) throw new DomainError(refusal.message, refusal.field ?? 'id');
  return id;
}

/**
 * `id.parse` of a loadable node ref: node(id) decodes the global id into text; the loaders
 * want the number. Text that is no row id becomes 0, which no row has, so it is "not found".
 */
export function parseNodeKey(id: string): number {
  return parseRowId(id) ?? 0;
}

/** What a loader answers for an id with no row: a field error, not the internal error. */
export function notFound(label: string, id: number | string): GraphQLError {
  return new GraphQLError(`${label} not found.`, { extensions: { code: 'NOT_FOUND', id: String(id) } });
}
