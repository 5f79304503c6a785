// The installment factor table: public and interest-free by default; staff with MANAGE_PAYMENTS
// replace it (all 12 terms, 1.0-3.0), logged; others are refused; visitors' cached answer shows
// the change on the next request.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALLMENT_FACTOR_MESSAGE, INSTALLMENT_FACTOR_TERMS } from '../../../../common/catalogue/installment-factors';
import { users } from '../../accounts/accounts.tables';
import { createCustomer, type Customer } from '../../checkout/checkout.fixtures';
import { staffActions, staffPermissions } from '../../system/staff-access.tables';
import { createTestApi, type TestApi } from '../../../testing/test-api';

let t: TestApi;
let payments: Customer;
let content: Customer;
let customer: Customer;

beforeAll(async () => {
  t = await createTestApi();
  [payments, content, customer] = [await createCustomer(t), await createCustomer(t), await createCustomer(t)];
  for (const staff of [payments, content]) await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  await t.db.insert(staffPermissions).values([
    { userId: payments.user.id, permission: 'MANAGE_PAYMENTS' },
    { userId: content.user.id, permission: 'MANAGE_CONTENT' },
  ]);
  await settle();
});
afterAll(() => t?.close());

/** Notifications arrive after commit, on the database's own schedule: wait for the next one. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

type Factor = { term: number; factor: number };
type Table = { factors: Factor[]; updatedAt: string | null };
const READ = '{ installmentFactors { factors { term factor } updatedAt } }';
const UPDATE = `mutation($factors: [InstallmentFactorInput!]!) { installmentFactorsUpdate(factors: $factors) {
  installmentFactors { factors { term factor } updatedAt } errors { field message } } }`;
type Update = { installmentFactorsUpdate: { installmentFactors: Table | null; errors: { field: string | null; message: string }[] } | null };

/** A visitor's question over HTTP, without a session: the answer the response cache keeps. */
async function visitorAsks(): Promise<{ etag: string | null; table: Table }> {
  const response = await t.api.fetch('http://test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-suki-csrf': '1' },
    body: JSON.stringify({ query: READ }),
  });
  const body = (await response.json()) as { data: { installmentFactors: Table } };
  return { etag: response.headers.get('etag'), table: body.data.installmentFactors };
}

const table = (factorOf: (term: number) => number): Factor[] => INSTALLMENT_FACTOR_TERMS.map((term) => ({ term, factor: factorOf(term) }));

describe('installmentFactors', () => {
  it('is interest-free (every factor 1.0) until staff set it, and cached for visitors', async () => {
    const first = await visitorAsks();
    expect(first.table).toEqual({ factors: table(() => 1), updatedAt: null });
    expect(first.etag).toMatch(/^g\d+:/);
    expect((await visitorAsks()).etag).toBe(first.etag);
  });

  it('staff with MANAGE_PAYMENTS replace the table in one logged change; visitors see it on the next request', async () => {
    const before = await visitorAsks();
    const factors = table((term) => 1 + term / 100).reverse();
    const r = await t.gql<Update>(UPDATE, { factors }, { token: payments.token });
    expect(r.errors).toBeUndefined();
    expect(r.data!.installmentFactorsUpdate!.errors).toEqual([]);
    const saved = r.data!.installmentFactorsUpdate!.installmentFactors!;
    expect(saved.factors).toEqual(table((term) => 1 + term / 100));
    expect(saved.updatedAt).not.toBeNull();

    await settle();
    const after = await visitorAsks();
    expect(after.etag).not.toBe(before.etag);
    expect(after.table.factors.find((f) => f.term === 12)).toEqual({ term: 12, factor: 1.12 });
    const logged = await t.db.select().from(staffActions).where(eq(staffActions.action, 'installmentFactorsUpdate'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorUserId: payments.user.id, subjectType: 'installmentFactors' });
    expect(logged[0]!.note).toContain('12:1.12');
  });

  it('refuses a table that is incomplete, repeats a term or has a factor outside 1.0-3.0, changing nothing', async () => {
    const current = (await t.gql<{ installmentFactors: Table }>(READ)).data!.installmentFactors;
    const bad: Factor[][] = [
      table(() => 1).slice(0, 11),
      [...table(() => 1).slice(0, 11), { term: 1, factor: 1 }],
      table((term) => (term === 6 ? 0.95 : 1)),
      table((term) => (term === 6 ? 3.5 : 1)),
      [...table(() => 1).slice(0, 11), { term: 13, factor: 1 }],
    ];
    for (const factors of bad) {
      const r = await t.gql<Update>(UPDATE, { factors }, { token: payments.token });
      expect(r.data!.installmentFactorsUpdate).toEqual({ installmentFactors: null, errors: [{ field: 'factors', message: INSTALLMENT_FACTOR_MESSAGE }] });
    }
    expect((await t.gql<{ installmentFactors: Table }>(READ)).data!.installmentFactors).toEqual(current);
  });

  it('refuses staff without MANAGE_PAYMENTS, customers and visitors', async () => {
    for (const token of [content.token, customer.token, undefined]) {
      const r = await t.gql<Update>(UPDATE, { factors: table(() => 2) }, token ? { token } : {});
      expect(r.data?.installmentFactorsUpdate ?? null).toBeNull();
      expect(r.errors?.[0]?.message).toMatch(/not authori[sz]ed|sign in|log in/i);
    }
    expect((await t.gql<{ installmentFactors: Table }>(READ)).data!.installmentFactors.factors[0]).toEqual({ term: 1, factor: 1.01 });
  });
});
