// Row ids behind global ids. Every table's id is a PostgreSQL integer.
import { GraphQLError } from 'graphql';

const MAX_ID = 2_147_483_647;

/** A row id from its decimal text, or null when it is not one (a bigger number would fail the query). */
export function parseRowId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
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
