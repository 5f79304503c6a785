// No walker of request input overflows the stack, however deep the input.
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, inputDepthProblem, nestsDeeperThan } from './input-depth';
import { sanitizeContent } from '../lib/sanitize-content';
import { STRING_LIMITS } from './input-limits';
import { responseCacheKey, stableStringify } from './response-cache';

function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? { a: value } : [value];
  return value;
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, up to the bound and past it', () => {
    expect(nestsDeeperThan('x')).toBe(false);
    expect(nestsDeeperThan(nested(20))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_INPUT_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_INPUT_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan({ wide: Array.from({ length: 10_000 }, () => ({ a: 1 })) })).toBe(false);
  });

  it('walks 200,000 levels without overflowing, and ends on a cycle', () => {
    expect(nestsDeeperThan(nested(200_000))).toBe(true);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(nestsDeeperThan(cycle)).toBe(true);
  });

  it('names what was too deep', () => {
    expect(inputDepthProblem({ variables: { a: 1 }, extensions: {} })).toBeNull();
    expect(inputDepthProblem({ variables: nested(3000) })?.extensions).toMatchObject({ field: 'variables', maxDepth: MAX_INPUT_DEPTH });
    expect(inputDepthProblem({ extensions: nested(3000) })?.extensions).toMatchObject({ field: 'extensions' });
  });
});

describe('the response cache key', () => {
  it('refuses variables past the bound with the 400 error instead of a stack overflow', () => {
    const key = (variableValues: unknown) => () =>
      responseCacheKey({ documentString: '{ a }', operationName: undefined, variableValues: variableValues as Record<string, unknown>, sessionId: null, context: {} });
    expect(key({ v: nested(20) })).not.toThrow();
    expect(key({ v: nested(3000) })).toThrow(`variables nest more than ${MAX_INPUT_DEPTH} levels deep`);
    expect(() => stableStringify(nested(100_000))).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) }));
  });
});

describe('the HTML sanitiser', () => {
  it('takes rich text nested as deep as its 200,000-character bound allows without overflowing', () => {
    // Staff rich text is a string, not nested variables: its nesting is bounded only by its
    // length (input-limits.ts). sanitize-html's parser keeps its own stack, so depth costs nothing.
    const deep = `${'<b>'.repeat(28_000)}x${'</b>'.repeat(28_000)}`;
    expect(deep.length).toBeLessThanOrEqual(STRING_LIMITS.content!);
    expect(sanitizeContent(deep)).toContain('x');
  });
});

