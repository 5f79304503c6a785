// Relay connections over offset queries, with the totalCount every spec connection reports.
import { resolveOffsetConnection } from '@pothos/plugin-relay';

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
