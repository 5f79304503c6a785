// The hardening suite: property-based fuzzing (fast-check) of every root query and mutation's
// arguments through the API, as a visitor and as a customer. Whatever the input, the answer is
// a field or validation error, never the internal error; and a refused mutation changes no row.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_ERROR_TEXT } from '../common/errors';
import { createCustomer, createVariant, seedZones, type Customer } from '../server/modules/checkout/checkout.fixtures';
import { createTestApi, type GraphQLResponse, type TestApi } from '../server/testing/test-api';
import { createReport } from './report';
import { operationFor, rootFields, type RootField } from './schema-probes';

const RUNS = Number(process.env.HARDENING_FUZZ_RUNS ?? 20);
const SEED = process.env.HARDENING_FUZZ_SEED ? Number(process.env.HARDENING_FUZZ_SEED) : undefined;
const record = createReport('fuzz');

const NASTY_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', "'; drop table users; --", '<script>alert(1)</script>', '../../etc/passwd', '{{7*7}}', '%00',
  '😀'.repeat(100), 'a'.repeat(256), 'b'.repeat(5000), '-1', '1e308', 'NaN', 'null', '[]', '{}', 'UHJvZHVjdDox', '\u202e',
];
const TYPE_NAMES = ['Product', 'Order', 'Checkout', 'User', 'Address', 'CheckoutLine', 'Review', 'Category', 'Brand', 'ProductVariant', 'Voucher', 'x'];

const stringArb = fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom(...NASTY_STRINGS), fc.string({ minLength: 200, maxLength: 3000 }));
const idArb = fc.oneof(
  stringArb,
  fc
    .tuple(fc.constantFrom(...TYPE_NAMES), fc.oneof(fc.integer(), fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', '', '\u0000')))
    .map(([type, key]) => Buffer.from(`${type}:${key}`).toString('base64')),
  fc.integer({ min: 1, max: 50 }).map((n) => Buffer.from(`Product:${n}`).toString('base64')),
);
const intArb = fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2_147_483_647, -2_147_483_648, 2 ** 31, 1e15));
const floatArb = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 1e308, -1e308, 0.1, -1, 1e-300));
const dateArb = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('+272514-01-01T00:00:00Z', '2026-13-45', 'yesterday', '0000-00-00', ''),
  stringArb,
);

function arbitraryOf(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return arbitraryOf(type.ofType, depth);
  const nullable = (arb: fc.Arbitrary<unknown>) => fc.option(arb, { nil: null, freq: 6 });
  if (isListType(type)) {
    return nullable(fc.oneof({ weight: 5, arbitrary: fc.array(arbitraryOf(type.ofType, depth + 1), { maxLength: 4 }) }, { weight: 1, arbitrary: fc.array(arbitraryOf(type.ofType, depth + 1), { minLength: 90, maxLength: 150 }) }));
  }
  if (isEnumType(type)) return nullable(fc.oneof(fc.constantFrom(...type.getValues().map((v) => v.value as string)), fc.constant('NOT_A_VALUE')));
  if (isInputObjectType(type)) {
    if (depth > 3) return fc.constant(null);
    const fields = Object.values(type.getFields());
    return nullable(fc.record(Object.fromEntries(fields.map((f) => [f.name, arbitraryOf(f.type, depth + 1)])), { requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name) }));
  }
  const scalar: Record<string, fc.Arbitrary<unknown>> = { String: stringArb, ID: idArb, Int: intArb, Float: floatArb, Boolean: fc.boolean(), DateTime: dateArb, Date: dateArb };
  return nullable(scalar[type.name] ?? stringArb);
}

let api: TestApi;
let customer: Customer;

/** Rows of the tables a mutation could write: a refused one must leave every count alone. */
async function fingerprint(): Promise<string> {
  const tables = ['users', 'addresses', 'bank_details', 'checkouts', 'checkout_lines', 'checkout_addresses', 'orders', 'order_lines', 'order_status_logs', 'payments', 'reviews', 'vouchers', 'voucher_usages', 'user_vouchers', 'products', 'product_variants', 'shipping_rates', 'checkout_settings'];
  const counts = await Promise.all(
    tables.map(async (t) => {
      const result = (await api.db.execute(sql.raw(`select count(*)::int as n from ${t}`))) as unknown as { rows: { n: number }[] };
      return `${t}=${result.rows[0]!.n}`;
    }),
  );
  return counts.join(' ');
}

beforeAll(async () => {
  api = await createTestApi();
  await seedZones(api.db);
  for (let i = 0; i < 5; i++) await createVariant(api.db, { price: 1_000_00 * (i + 1), stock: 5 });
  customer = await createCustomer(api);
});
afterAll(() => api.close());

const internal = (response: GraphQLResponse) =>
  (response.errors ?? []).filter((e) => e.message === NETWORK_ERROR_TEXT || e.extensions?.code === 'INTERNAL_SERVER_ERROR');

function refusedMutation(response: GraphQLResponse, field: string): boolean {
  if (response.errors?.length) return true;
  const errors = (response.data?.[field] as { errors?: unknown[] } | null | undefined)?.errors;
  return Array.isArray(errors) && errors.length > 0;
}

describe('fuzzing every operation', () => {
  it(`never answers bad input with the internal error, and a refused mutation writes nothing (${RUNS} runs per field and role)`, async () => {
    const findings: string[] = [];
    let requests = 0;
    for (const root of rootFields()) {
      const args = root.field.args;
      const query = operationFor(root, args, 2);
      const variablesArb = fc.record(Object.fromEntries(args.map((a) => [a.name, arbitraryOf(a.type)])));
      for (const role of ['visitor', 'customer'] as const) {
        await fc.assert(
          fc.asyncProperty(variablesArb, async (variables) => {
            const before = root.operation === 'mutation' ? await fingerprint() : '';
            const response = await api.gql(query, variables, role === 'customer' ? { token: customer.token } : {});
            requests++;
            const bad = internal(response);
            if (bad.length) findings.push(`${root.name} as ${role}: internal error for ${JSON.stringify(variables).slice(0, 300)}`);
            if (root.operation === 'mutation' && refusedMutation(response, root.name)) {
              const after = await fingerprint();
              if (after !== before) findings.push(`${root.name} as ${role}: refused, yet wrote (${before} -> ${after})`);
            }
            return bad.length === 0;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        ).catch((error: unknown) => {
          // A property that returned false is already in findings; a thrown error is its cause.
          const cause = (error as { cause?: unknown }).cause;
          if (cause && !/returning false/.test(String((cause as Error).message ?? cause))) findings.push(`${root.name} as ${role}: threw ${String((cause as Error).message ?? cause).slice(0, 300)}`);
        });
      }
    }
    record('all fields', { fields: rootFields().length, requests, findings: findings.length });
    expect(findings).toEqual([]);
  });
});

export type { RootField };
