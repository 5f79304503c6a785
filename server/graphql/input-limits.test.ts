import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { findInputProblem } from './input-limits';

const schema = buildSchema(`
  input AddressInput { city: String postalCode: String }
  type Query { products(query: String, first: Int, ids: [ID!]): Boolean, address(input: AddressInput): Boolean }
`);

describe('findInputProblem', () => {
  it('checks each request against its own variables when the document is the same object', () => {
    const document = parse('query ($q: String, $a: AddressInput) { products(query: $q) address(input: $a) }');
    expect(findInputProblem(schema, document, { q: 'phone', a: { city: 'Quezon City' } })).toBeNull();
    expect(findInputProblem(schema, document, { q: 'x'.repeat(201), a: null })?.field).toBe('query');
    expect(findInputProblem(schema, document, { q: 'ok', a: { postalCode: '12345678901' } })).toEqual({
      field: 'postalCode',
      bound: { maxLength: 10 },
      message: 'postalCode must be at most 10 characters.',
    });
    expect(findInputProblem(schema, document, { q: 'phone' })).toBeNull();
  });

  it('reads literals and lists as before', () => {
    expect(findInputProblem(schema, parse(`{ products(query: "${'y'.repeat(300)}") }`), null)?.bound).toEqual({ maxLength: 200 });
    const ids = Array.from({ length: 101 }, (_, i) => `"${i}"`).join(',');
    expect(findInputProblem(schema, parse(`{ products(ids: [${ids}]) }`), null)?.bound).toEqual({ maxItems: 100 });
    expect(findInputProblem(schema, parse(`{ products(query: "a\\u0000b") }`), {})?.message).toBe('query must not contain a NUL character.');
  });
});
