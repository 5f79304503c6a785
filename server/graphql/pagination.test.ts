// keysetConnection: the one place keyset pages (orders, referrals, payouts) become connections.
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { InvalidCursorError, keysetConnection } from './pagination';

describe('keysetConnection', () => {
  it('gives each row its cursor and the page its first and last cursors', async () => {
    const answer = await keysetConnection(
      async () => ({ rows: [{ id: 1 }, { id: 2 }], hasNextPage: true, hasPreviousPage: false, totalCount: 5 }),
      (row) => `c${row.id}`,
    );
    expect(answer.edges.map((e) => e.cursor)).toEqual(['c1', 'c2']);
    expect(answer).toMatchObject({ totalCount: 5, pageInfo: { hasNextPage: true, hasPreviousPage: false, startCursor: 'c1', endCursor: 'c2' } });
  });

  it("answers a cursor that is not ours as the caller's mistake, and lets other errors through", async () => {
    const refused = keysetConnection(() => Promise.reject(new InvalidCursorError('Invalid cursor')), String);
    await expect(refused).rejects.toBeInstanceOf(GraphQLError);
    await expect(refused).rejects.toMatchObject({ message: 'Invalid cursor', extensions: { code: 'BAD_USER_INPUT' } });
    await expect(keysetConnection(() => Promise.reject(new Error('database down')), String)).rejects.toThrow('database down');
  });

  it('has empty cursors for an empty page', async () => {
    const answer = await keysetConnection(async () => ({ rows: [], hasNextPage: false, hasPreviousPage: false, totalCount: 0 }), String);
    expect(answer.pageInfo).toMatchObject({ startCursor: null, endCursor: null });
  });
});
