// Scenario 4 of `npm run bench`: concurrent signed-in customers each buying through the API the
// checkout screen uses (add to cart, billing and shipping addresses, shipping method, Bank
// Deposit payment, complete), again and again for the row's duration. Reports each step's
// latency, the whole flow's, and completed checkouts per second.
import { eq, inArray, ne } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseTarget } from '../server/db/client';
import { users } from '../server/modules/accounts/accounts.tables';
import { signSessionToken } from '../server/modules/accounts/session';
import { productTypes, productVariants, products } from '../server/modules/catalogue/catalogue.tables';
import { refreshProductDerivedFields } from '../server/modules/catalogue/catalogue.service';

export const CHECKOUT_CUSTOMERS = 20;
/** Units of each buyable variant: enough that no run sells out. */
const BENCH_STOCK = 1_000_000;

/** The buyers' billing and shipping address (the checkout and flash-sale scenarios). */
export const ADDRESS = {
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  streetAddress1: '123 Rizal Street',
  cityArea: 'Poblacion',
  city: 'Makati City',
  countryArea: 'Metro Manila',
  postalCode: '1210',
  phone: '9171234567',
};

/**
 * Verified customers written straight into the (stopped) shop's database, and every
 * non-voucher variant stocked up; returns a session token per customer.
 */
/** `count` verified buyers (`<name>-<i>@example.com`), each with a signed session token. */
export async function signedInBuyers(db: Database, count: number, name: string, jwtSecret: string): Promise<string[]> {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ email: `${name}-${i}@example.com`, firstName: 'Bench', lastName: `Buyer ${i}`, isVerified: true })))
    .returning();
  return Promise.all(rows.map((row) => signSessionToken(row, jwtSecret)));
}

export async function prepareCustomers(target: DatabaseTarget, jwtSecret: string): Promise<string[]> {
  const database = await openDatabase(target);
  try {
    const tokens = await signedInBuyers(database.db, CHECKOUT_CUSTOMERS, 'bench-buyer', jwtSecret);
    const buyable = (
      await database.db
        .select({ id: products.id })
        .from(products)
        .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
        .where(ne(productTypes.name, 'Voucher'))
    ).map((p) => p.id);
    await database.db.transaction(async (tx) => {
      await tx.update(productVariants).set({ stockQuantity: BENCH_STOCK }).where(inArray(productVariants.productId, buyable));
      await refreshProductDerivedFields({ db: tx }, buyable);
    });
    return tokens;
  } finally {
    await database.close();
  }
}

type Gql = <T>(query: string, variables: Record<string, unknown>, token?: string) => Promise<T>;
type Errors = { errors: { message: string }[] } | null;

export const CHECKOUT_STEPS = ['add to cart', 'billing address', 'shipping address', 'shipping method', 'Bank Deposit payment', 'complete'] as const;
export type CheckoutResult = {
  customers: number;
  completed: number;
  failed: number;
  seconds: number;
  perSecond: number;
  steps: { step: string; p50: number; p99: number }[];
  flow: { p50: number; p99: number };
  firstError: string | null;
};

/** Runs the flow for each customer in a loop until `seconds` have passed. */
export async function runCheckouts(gql: Gql, tokens: string[], seconds: number): Promise<CheckoutResult> {
  const listing = await gql<{ products: { edges: { node: { productType: { name: string } | null; variants: { id: string }[] | null } }[] } }>(
    '{ products(first: 40) { edges { node { productType { name } variants { id } } } } }',
    {},
  );
  const variants = listing.products.edges.filter((e) => e.node.productType?.name !== 'Voucher').flatMap((e) => (e.node.variants ?? []).map((v) => v.id));
  if (variants.length === 0) throw new Error('no variant to buy');
  const timings: number[][] = CHECKOUT_STEPS.map(() => []);
  const flows: number[] = [];
  let failed = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  /** One step: its time is recorded; an error in its payload fails the flow. */
  async function step<T>(index: number, work: () => Promise<T>, errorsOf: (answer: T) => Errors): Promise<T> {
    const at = performance.now();
    const answer = await work();
    timings[index]!.push(performance.now() - at);
    const errors = errorsOf(answer)?.errors;
    if (errors?.length) throw new Error(`${CHECKOUT_STEPS[index]}: ${errors[0]!.message}`);
    return answer;
  }

  async function buyer(token: string, n: number) {
    for (let round = 0; performance.now() < deadline; round += 1) {
      const at = performance.now();
      try {
        const variantId = variants[(n + round * tokens.length) % variants.length];
        type Created = { checkoutCreate: { checkout: { id: string; availableShippingMethods: { id: string; type: string }[] } | null; errors: { message: string }[] } };
        const created = await step(
          0,
          () => gql<Created>('mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { id availableShippingMethods { id type } } errors { message } } }', { input: { lines: [{ variantId, quantity: 1 }] } }, token),
          (a) => a.checkoutCreate,
        );
        const checkout = created.checkoutCreate.checkout!;
        const pickup = checkout.availableShippingMethods.find((m) => m.type === 'PICKUP') ?? checkout.availableShippingMethods[0];
        if (!pickup) throw new Error('no shipping method offered');
        const c = checkout.id;
        await step(1, () => gql<{ checkoutBillingAddressUpdate: Errors }>('mutation($c: ID!, $a: AddressInput!) { checkoutBillingAddressUpdate(checkoutId: $c, billingAddress: $a) { errors { message } } }', { c, a: ADDRESS }, token), (a) => a.checkoutBillingAddressUpdate);
        await step(2, () => gql<{ checkoutShippingAddressUpdate: Errors }>('mutation($c: ID!, $a: AddressInput!) { checkoutShippingAddressUpdate(checkoutId: $c, shippingAddress: $a) { errors { message } } }', { c, a: ADDRESS }, token), (a) => a.checkoutShippingAddressUpdate);
        await step(3, () => gql<{ checkoutShippingMethodUpdate: Errors }>('mutation($c: ID!, $m: ID!) { checkoutShippingMethodUpdate(checkoutId: $c, shippingMethodId: $m) { errors { message } } }', { c, m: pickup.id }, token), (a) => a.checkoutShippingMethodUpdate);
        await step(4, () => gql<{ checkoutPaymentCreate: Errors }>('mutation($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { errors { message } } }', { c, i: { gateway: 'Bank Deposit', token: 'not-charged' } }, token), (a) => a.checkoutPaymentCreate);
        await step(5, () => gql<{ checkoutComplete: Errors }>('mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { id } errors { message } } }', { c }, token), (a) => a.checkoutComplete);
        flows.push(performance.now() - at);
      } catch (error) {
        failed += 1;
        firstError ??= (error as Error).message.slice(0, 200);
      }
    }
  }

  await Promise.all(tokens.map((token, n) => buyer(token, n)));
  const elapsed = (performance.now() - started) / 1000;
  return {
    customers: tokens.length,
    completed: flows.length,
    failed,
    seconds: elapsed,
    perSecond: flows.length / elapsed,
    steps: CHECKOUT_STEPS.map((name, i) => ({ step: name, ...percentiles(timings[i]!) })),
    flow: percentiles(flows),
    firstError,
  };
}

export function percentiles(values: number[]): { p50: number; p99: number } {
  if (values.length === 0) return { p50: 0, p99: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);
  return { p50: at(0.5), p99: at(0.99) };
}
