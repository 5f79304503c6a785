import { defaultBuildResponseCacheKey } from '@envelop/response-cache';
import { describe, expect, it } from 'vitest';
import { responseCacheKey, stableStringify } from './response-cache';

describe('responseCacheKey', () => {
  const params = {
    documentString: 'query Product($id: ID!) { product(id: $id) { id name } }',
    operationName: 'Product',
    variableValues: { id: 'UHJvZHVjdDox', filter: { b: 2, a: [1, { d: null, c: 'x' }] } },
    sessionId: null,
    context: {},
  };

  it('is the key the plugin builds by default, computed without an asynchronous digest', async () => {
    const key = responseCacheKey(params);
    expect(typeof key).toBe('string');
    expect(key).toBe(await defaultBuildResponseCacheKey(params));
    expect(responseCacheKey({ ...params, operationName: undefined, variableValues: undefined })).toBe(
      await defaultBuildResponseCacheKey({ ...params, operationName: undefined, variableValues: undefined }),
    );
  });

  it('does not depend on the order of the variables, and tells different variables apart', () => {
    const reordered = { ...params, variableValues: { filter: { a: [1, { c: 'x', d: null }], b: 2 }, id: 'UHJvZHVjdDox' } };
    expect(responseCacheKey(reordered)).toBe(responseCacheKey(params));
    expect(responseCacheKey({ ...params, variableValues: { id: 'UHJvZHVjdDoy' } })).not.toBe(responseCacheKey(params));
    expect(responseCacheKey({ ...params, sessionId: 'someone' })).not.toBe(responseCacheKey(params));
  });
});

describe('stableStringify', () => {
  it('writes JSON with sorted keys, dropping undefined members as JSON.stringify does', () => {
    expect(stableStringify({ b: 1, a: { d: undefined, c: [undefined, 'x'] } })).toBe('{"a":{"c":[null,"x"]},"b":1}');
    expect(JSON.parse(stableStringify({ z: 1, y: [true, null] })!)).toEqual({ z: 1, y: [true, null] });
  });
});
