import { GraphQLError } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useMaskedUnexpectedErrors } from './yoga';

describe('unexpected error masking', () => {
  it('shows the generic text with the request id and logs the real error with that id', async () => {
    const logged: unknown[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const yoga = createYoga({
      schema: createSchema({
        typeDefs: 'type Query { boom: String, expected: String }',
        resolvers: {
          Query: {
            boom: () => {
              throw new Error('database password is hunter2');
            },
            expected: () => {
              throw new GraphQLError('Not allowed');
            },
          },
        },
      }),
      context: () => ({ requestId: 'req-42', log: log.child({ requestId: 'req-42' }) }),
      plugins: [useMaskedUnexpectedErrors()],
    });
    const response = await yoga.fetch('http://x/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ boom expected }' }),
    });
    const body = await response.json();
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(body.errors).toContainEqual(
      expect.objectContaining({
        message: 'Sorry! Something went wrong. Please try again later!',
        extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: 'req-42' },
      }),
    );
    expect(body.errors).toContainEqual(expect.objectContaining({ message: 'Not allowed' }));
    expect(logged).toContainEqual(
      expect.objectContaining({ requestId: 'req-42', err: expect.objectContaining({ message: 'database password is hunter2' }) }),
    );
  });
});
