// Relay connections over offset queries, with the totalCount every connection reports.
import { resolveOffsetConnection } from '@pothos/plugin-relay';
import { GraphQLError } from 'graphql';

export type ConnectionArgs = {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
};

export const MAX_PAGE_SIZE = 100;

export async function offsetConnection<T extends object>(
  args: ConnectionArgs,
  fetchPage: (page: { limit: number; offset: number }) => Promise<T[]>,
  count: () => Promise<number>,
) {
  const [connection, totalCount] = await Promise.all([
    resolveOffsetConnection({ args, defaultSize: 20, maxSize: MAX_PAGE_SIZE }, fetchPage),
    count(),
  ]);
  return { ...connection, totalCount };
}

/** A page of rows read by a cursor (keyset) query: orders, referrals, payouts. */
export type KeysetPage<T> = { rows: T[]; hasNextPage: boolean; hasPreviousPage: boolean; totalCount: number };

/** Thrown by a keyset query for a cursor this API did not give out. */
export class InvalidCursorError extends Error {}

/**
 * A keyset page as a Relay connection answer, each row with its cursor; a cursor that is not
 * ours is the caller's mistake (BAD_USER_INPUT), not an internal error.
 */
export async function keysetConnection<T>(load: () => Promise<KeysetPage<T>>, cursorOf: (row: T) => string) {
  let page: KeysetPage<T>;
  try {
    page = await load();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new GraphQLError('Invalid cursor', { extensions: { code: 'BAD_USER_INPUT' } });
    throw error;
  }
  const edges = page.rows.map((row) => ({ cursor: cursorOf(row), node: row }));
  return {
    edges,
    totalCount: page.totalCount,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
