import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { seedCatalogue } from '../../seed/catalogue/catalogue.seed';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  await seedCatalogue(api.db, { products: 300 });
});
afterAll(() => api.close());

const VALUES = `query ($attribute: TireAttribute!, $previous: [String!]) { tireAttributeValues(attribute: $attribute, previousValues: $previous) }`;
const values = async (attribute: string, previous: string[] = []) => {
  const r = await api.gql<{ tireAttributeValues: string[] }>(VALUES, { attribute, previous });
  expect(r.errors).toBeUndefined();
  return r.data!.tireAttributeValues;
};

describe('tire attribute values', () => {
  it('offers widths, then the aspect ratios of that width, then the rims of both', async () => {
    const widths = await values('WIDTH');
    expect(widths).toEqual(expect.arrayContaining(['175', '195', '205', '265']));
    expect(widths.map(Number)).toEqual([...widths.map(Number)].sort((a, b) => a - b));
    expect(await values('ASPECT_RATIO', ['205'])).toEqual(['55', '60', '65']);
    expect(await values('RIM_DIAMETER', ['205', '55'])).toEqual(['16']);
    expect(await values('ASPECT_RATIO', ['265'])).toEqual(['60', '65', '70']);
    expect(await values('RIM_DIAMETER', ['265', '70'])).toEqual(['16', '17']);
  });

  it('offers nothing when an earlier choice is missing or unknown', async () => {
    expect(await values('ASPECT_RATIO')).toEqual([]);
    expect(await values('RIM_DIAMETER', ['205'])).toEqual([]);
    expect(await values('ASPECT_RATIO', ['999'])).toEqual([]);
    expect(await values('ASPECT_RATIO', ['abc'])).toEqual([]);
  });
});

describe('tires', () => {
  const TIRES = `query ($filter: TireFilterInput, $first: Int, $after: String, $last: Int, $before: String) {
    tires(filter: $filter, first: $first, after: $after, last: $last, before: $before) {
      totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { node { id size width aspectRatio rimDiameter product { name } } } } }`;
  type T = { tires: { totalCount: number; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string }; edges: { node: { id: string; size: string; product: { name: string } } }[] } };

  it('lists the tires of a size with totalCount and pages both ways', async () => {
    const filter = { width: 205, aspectRatio: 55, rimDiameter: 16 };
    const all = await api.gql<T>(TIRES, { filter, first: 100 });
    expect(all.errors).toBeUndefined();
    const total = all.data!.tires.totalCount;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(all.data!.tires.edges.every((e) => e.node.size === '205/55 R16' && e.node.product.name.includes('205/55 R16'))).toBe(true);

    const first = (await api.gql<T>(TIRES, { filter, first: 2 })).data!.tires;
    expect(first.edges).toHaveLength(2);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const next = (await api.gql<T>(TIRES, { filter, first: 2, after: first.pageInfo.endCursor })).data!.tires;
    expect(next.edges[0]!.node.id).toBe(all.data!.tires.edges[2]!.node.id);
    expect(next.pageInfo.hasPreviousPage).toBe(true);
    const back = (await api.gql<T>(TIRES, { filter, last: 2, before: next.pageInfo.startCursor })).data!.tires;
    expect(back.edges.map((e) => e.node.id)).toEqual(first.edges.map((e) => e.node.id));
  });

  it("limits the values and the tires to a brand's or a category's (/tire-search/{type}/{id})", async () => {
    type Scoped = { tires: { totalCount: number; edges: { node: { size: string; product: { brand: { id: string; name: string }; category: { id: string; name: string } } } }[] } };
    const SCOPED = `query ($filter: TireFilterInput) { tires(filter: $filter, first: 100) { totalCount edges { node { size product { brand { id name } category { id name } } } } } }`;
    const everything = (await api.gql<Scoped>(SCOPED, { filter: {} })).data!.tires;
    const brand = everything.edges[0]!.node.product.brand;
    const ofBrand = (await api.gql<Scoped>(SCOPED, { filter: { brand: brand.id } })).data!.tires;
    expect(ofBrand.totalCount).toBeGreaterThan(0);
    expect(ofBrand.totalCount).toBeLessThan(everything.totalCount);
    expect(ofBrand.edges.every((e) => e.node.product.brand.id === brand.id)).toBe(true);

    // The dropdowns offer only the sizes that brand has, and each leads to its tires.
    const SCOPED_VALUES = `query ($attribute: TireAttribute!, $previous: [String!], $brand: ID, $category: ID) {
      tireAttributeValues(attribute: $attribute, previousValues: $previous, brand: $brand, category: $category) }`;
    const scopedValues = async (attribute: string, previous: string[], scope: { brand?: string; category?: string }) =>
      (await api.gql<{ tireAttributeValues: string[] }>(SCOPED_VALUES, { attribute, previous, ...scope })).data!.tireAttributeValues;
    const widths = await scopedValues('WIDTH', [], { brand: brand.id });
    expect(new Set(widths)).toEqual(new Set(ofBrand.edges.map((e) => e.node.size.split('/')[0])));
    const [width] = widths;
    const [ratio] = await scopedValues('ASPECT_RATIO', [width!], { brand: brand.id });
    const [rim] = await scopedValues('RIM_DIAMETER', [width!, ratio!], { brand: brand.id });
    const sized = (await api.gql<Scoped>(SCOPED, { filter: { brand: brand.id, width: Number(width), aspectRatio: Number(ratio), rimDiameter: Number(rim) } })).data!.tires;
    expect(sized.totalCount).toBeGreaterThan(0);
    expect(sized.edges.every((e) => e.node.size === `${width}/${ratio} R${rim}` && e.node.product.brand.id === brand.id)).toBe(true);

    // A category: its own tires only; its parent ("Tires") takes in both subcategories.
    const categories = await api.gql<{ categories: { edges: { node: { id: string; name: string; parent: { id: string } | null } }[] } }>(
      `{ categories(first: 100) { edges { node { id name parent { id } } } } }`,
    );
    const suv = categories.data!.categories.edges.map((e) => e.node).find((c) => /SUV/.test(c.name))!;
    const ofCategory = (await api.gql<Scoped>(SCOPED, { filter: { category: suv.id } })).data!.tires;
    expect(ofCategory.totalCount).toBeGreaterThan(0);
    expect(ofCategory.totalCount).toBeLessThan(everything.totalCount);
    expect(ofCategory.edges.every((e) => e.node.product.category.id === suv.id)).toBe(true);
    expect((await api.gql<Scoped>(SCOPED, { filter: { category: suv.parent!.id } })).data!.tires.totalCount).toBe(everything.totalCount);

    // An id of no brand finds nothing (never every tire).
    const nobody = (await api.gql<Scoped>(SCOPED, { filter: { brand: 'QnJhbmQ6OTk5OTk=' } })).data!.tires;
    expect(nobody.totalCount).toBe(0);
    expect(await scopedValues('WIDTH', [], { brand: 'QnJhbmQ6OTk5OTk=' })).toEqual([]);
  });

  it('finds nothing for a size nobody sells', async () => {
    const r = await api.gql<T>(TIRES, { filter: { width: 999, aspectRatio: 10, rimDiameter: 30 }, first: 10 });
    expect(r.data!.tires).toMatchObject({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false } });
  });
});
