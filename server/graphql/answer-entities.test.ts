// What an answer shows: products' and variants' ids asked under private aliases, taken out of
// the answer again, and a listing marked wherever the document selects one (ADR 053).
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { LISTING_TAG, takeEntities, withEntityFields } from './answer-entities';
import { schema } from './schema';

describe('answer entities', () => {
  it("asks each product's and variant's id under an alias, and nothing of other types", () => {
    const { document, listing } = withEntityFields(schema, parse('query($id: ID!) { product(id: $id) { name category { name } variants { name } } }'));
    expect(print(document)).toContain('__entityProduct: id');
    expect(print(document)).toContain('__entityProductVariant: id');
    expect(print(document).match(/__entity\w+: id/g)).toHaveLength(2);
    expect(listing).toBe(false);
  });

  it('marks a document that selects a product listing, at the root or nested', () => {
    expect(withEntityFields(schema, parse('{ products(first: 2) { edges { node { name } } } }')).listing).toBe(true);
    expect(withEntityFields(schema, parse('{ categories(first: 2) { edges { node { products(first: 2) { totalCount } } } } }')).listing).toBe(true);
    expect(withEntityFields(schema, parse('query($id: ID!) { relatedProducts(id: $id) { name } }')).listing).toBe(false);
  });

  it('takes the aliases out of the answer and names what it showed', () => {
    const data = { product: { name: 'A', __entityProduct: 'UHJvZHVjdDox', variants: [{ name: 'V', __entityProductVariant: 'UHJvZHVjdFZhcmlhbnQ6Mg==' }] }, other: null };
    const tags = new Set<string>();
    takeEntities(data, tags);
    expect(data).toEqual({ product: { name: 'A', variants: [{ name: 'V' }] }, other: null });
    expect([...tags].sort()).toEqual(['Product:UHJvZHVjdDox', 'ProductVariant:UHJvZHVjdFZhcmlhbnQ6Mg==']);
    expect(tags.has(LISTING_TAG)).toBe(false);
  });
});
