// The flash sale of `npm run bench -- --only flash`: 200 visitors browse (product pages, home,
// /shop and its pages, searches) while 50 signed-in buyers check out the same 10 discounted
// products until their stock is gone, for --flash-seconds. What it shows is how the visitors'
// caches fare while the sale's stock changes: each sale variant going to 5 or fewer and selling
// out is a visible change (ADR 035), which before ADR 053 emptied every cached answer and page.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import autocannon from 'autocannon';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { openDatabase, type DatabaseTarget } from '../server/db/client';
import { productTypes, productVariants, products } from '../server/modules/catalogue/catalogue.tables';
import { refreshProductDerivedFields } from '../server/modules/catalogue/catalogue.service';
import { OUT_OF_STOCK } from '../common/catalogue/stock';
import { ADDRESS, percentiles, signedInBuyers } from './checkout';
import { crawlTargets, shuffle, type CrawlTarget } from './crawl';

export const FLASH_VISITORS = 200;
export const FLASH_BUYERS = 50;
export const FLASH_PRODUCTS = 10;
const PAST_DEADLINE = 'past the deadline';
/** The sale's discount on each of its products. */
const SALE_PERCENT = 30;

export type SaleItem = { productId: string; variantId: string };

/**
 * Written into the stopped shop's database: the buyers (verified, their sessions signed with the
 * bench's secret), and the sale: the first 10 buyable products at 30% off, the first variant of
 * each stocked to `stock` units.
 */
export async function prepareFlashSale(target: DatabaseTarget, jwtSecret: string, stock: number): Promise<{ tokens: string[]; sale: SaleItem[] }> {
  const database = await openDatabase(target);
  try {
    const tokens = await signedInBuyers(database.db, FLASH_BUYERS, 'bench-flash-buyer', jwtSecret);
    const picked = await database.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
      .where(and(ne(productTypes.name, 'Voucher'), eq(products.isPublished, true)))
      .orderBy(asc(products.id))
      .limit(FLASH_PRODUCTS);
    const ids = picked.map((p) => p.id);
    const sale: SaleItem[] = [];
    await database.db.transaction(async (tx) => {
      await tx.update(products).set({ salePercent: SALE_PERCENT }).where(inArray(products.id, ids));
      for (const id of ids) {
        const [variant] = await tx.select({ id: productVariants.id }).from(productVariants).where(and(eq(productVariants.productId, id), eq(productVariants.isCustomAmount, false))).orderBy(asc(productVariants.id)).limit(1);
        if (!variant) continue;
        await tx.update(productVariants).set({ stockQuantity: stock }).where(eq(productVariants.id, variant.id));
        sale.push({ productId: encodeGlobalID('Product', id), variantId: encodeGlobalID('ProductVariant', variant.id) });
      }
      await refreshProductDerivedFields({ db: tx }, ids);
    });
    return { tokens, sale };
  } finally {
    await database.close();
  }
}

/**
 * What visitors ask: every product page, every /shop page and 50 searches (the crawl's list),
 * plus the home page, /shop and the sale's products asked far more often, as on a sale day.
 */
export async function flashTargets(base: string, sale: SaleItem[]): Promise<CrawlTarget[]> {
  const crawled = await crawlTargets(base, 50);
  const hot: CrawlTarget[] = [
    ...Array.from({ length: 100 }, () => ({ kind: 'listing' as const, path: '/' })),
    ...Array.from({ length: 50 }, () => ({ kind: 'listing' as const, path: '/shop' })),
    ...sale.flatMap((item) => Array.from({ length: 20 }, () => ({ kind: 'product' as const, path: `/product/${encodeURIComponent(item.productId)}` }))),
  ];
  return shuffle([...crawled, ...hot], 38);
}

/**
 * Every distinct address asked once, four at a time, before the sale starts: the visitors' caches
 * are warm, as on a shop that was browsed before its sale.
 */
export async function warmUp(base: string, targets: CrawlTarget[]): Promise<void> {
  const paths = [...new Set(targets.map((t) => t.path))];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < paths.length; i = next++) await (await fetch(`${base}${paths[i]}`)).arrayBuffer();
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

type Gql = <T>(query: string, variables: Record<string, unknown>, token?: string) => Promise<T>;
type Errors = { errors: { message: string }[] } | null;

export type FlashFigures = {
  seconds: number;
  visitors: { connections: number; pagesPerSecond: number; p50: number; p99: number; statuses: Record<string, number>; timeouts: number };
  signedIn: { buyers: number; requests: number; p50: number; p99: number };
  /** Checkouts completed; tries refused 'Out of stock.'; refused by the load shedder (503, 'The shop is busy'); other failures. */
  checkouts: { completed: number; perSecond: number; outOfStock: number; busy: number; otherFailures: number; firstError: string | null };
};


/** Runs the visitors and the buyers together for `seconds`. */
export async function runFlashSale(options: { base: string; gql: Gql; tokens: string[]; sale: SaleItem[]; targets: CrawlTarget[]; seconds: number; tokenCookie: string; /** Pages a second per visitor; 0: back to back. */ visitorRate: number }): Promise<FlashFigures> {
  const { base, gql, tokens, sale, targets, seconds } = options;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  // Visitors: autocannon's connections each ask the next address of the shared list.
  const visitorLatencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const visitors = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: FLASH_VISITORS,
        // Each visitor reads a page before the next (one a second by default): a crowd, not 200
        // clients asking back to back, which on this machine only measures the queue.
        ...(options.visitorRate > 0 ? { overallRate: Math.round(FLASH_VISITORS * options.visitorRate) } : {}),
        duration: seconds,
        requests: [{ setupRequest: (request) => ({ ...request, path: targets[next++ % targets.length]!.path }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // The tracker's 'response' event passes the client first (its types describe the client's).
    (instance as unknown as { on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void }).on('response', (_client, status, _bytes, ms) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 200 && status < 300) visitorLatencies.push(ms);
    });
  });

  // Buyers: each opens a sale product's page signed in, then checks it out (6 calls), again and again.
  const signedInLatencies: number[] = [];
  let completed = 0;
  let outOfStock = 0;
  let busy = 0;
  let otherFailures = 0;
  let firstError: string | null = null;
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    try {
      return await work();
    } finally {
      signedInLatencies.push(performance.now() - at);
    }
  };
  const step = async <T>(work: () => Promise<T>, errorsOf: (answer: T) => Errors): Promise<T> => {
    // The minute is over: the round is dropped, not counted, so every rate is over the same minute.
    if (performance.now() >= deadline) throw new Error(PAST_DEADLINE);
    const answer = await timed(work);
    const message = errorsOf(answer)?.errors[0]?.message;
    if (message) throw new Error(message);
    return answer;
  };

  async function buyer(token: string, n: number) {
    for (let round = 0; performance.now() < deadline; round += 1) {
      const item = sale[(n + round) % sale.length]!;
      try {
        if (performance.now() >= deadline) break;
        await timed(async () => {
          const response = await fetch(`${base}/product/${encodeURIComponent(item.productId)}`, { headers: { cookie: `${options.tokenCookie}=${token}` } });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`product page ${response.status}`);
        });
        type Created = { checkoutCreate: { checkout: { id: string; availableShippingMethods: { id: string; type: string }[] } | null; errors: { message: string }[] } };
        const created = await step(
          () => gql<Created>('mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { id availableShippingMethods { id type } } errors { message } } }', { input: { lines: [{ variantId: item.variantId, quantity: 1 }] } }, token),
          (a) => a.checkoutCreate,
        );
        const checkout = created.checkoutCreate.checkout!;
        const pickup = checkout.availableShippingMethods.find((m) => m.type === 'PICKUP') ?? checkout.availableShippingMethods[0];
        if (!pickup) throw new Error('no shipping method offered');
        const c = checkout.id;
        await step(() => gql<{ checkoutBillingAddressUpdate: Errors }>('mutation($c: ID!, $a: AddressInput!) { checkoutBillingAddressUpdate(checkoutId: $c, billingAddress: $a) { errors { message } } }', { c, a: ADDRESS }, token), (a) => a.checkoutBillingAddressUpdate);
        await step(() => gql<{ checkoutShippingAddressUpdate: Errors }>('mutation($c: ID!, $a: AddressInput!) { checkoutShippingAddressUpdate(checkoutId: $c, shippingAddress: $a) { errors { message } } }', { c, a: ADDRESS }, token), (a) => a.checkoutShippingAddressUpdate);
        await step(() => gql<{ checkoutShippingMethodUpdate: Errors }>('mutation($c: ID!, $m: ID!) { checkoutShippingMethodUpdate(checkoutId: $c, shippingMethodId: $m) { errors { message } } }', { c, m: pickup.id }, token), (a) => a.checkoutShippingMethodUpdate);
        await step(() => gql<{ checkoutPaymentCreate: Errors }>('mutation($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { errors { message } } }', { c, i: { gateway: 'Bank Deposit', token: 'not-charged' } }, token), (a) => a.checkoutPaymentCreate);
        await step(() => gql<{ checkoutComplete: Errors }>('mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { id } errors { message } } }', { c }, token), (a) => a.checkoutComplete);
        completed += 1;
      } catch (error) {
        const message = (error as Error).message;
        if (message === PAST_DEADLINE) break;
        if (message === OUT_OF_STOCK) outOfStock += 1;
        else if (/SERVICE_UNAVAILABLE|product page 503/.test(message)) busy += 1;
        else {
          otherFailures += 1;
          firstError ??= message.slice(0, 200);
        }
      }
    }
  }

  const [visited] = await Promise.all([visitors, Promise.all(tokens.map((token, n) => buyer(token, n)))]);
  // Rates over the sale's minute; answers that came after it are in the percentiles.
  const elapsed = seconds;
  const ok = visitorLatencies.length;
  return {
    seconds: Math.round(elapsed),
    visitors: { connections: FLASH_VISITORS, pagesPerSecond: Math.round((ok / elapsed) * 10) / 10, ...percentiles(visitorLatencies), statuses, timeouts: visited.timeouts },
    signedIn: { buyers: tokens.length, requests: signedInLatencies.length, ...percentiles(signedInLatencies) },
    checkouts: { completed, perSecond: Math.round((completed / elapsed) * 10) / 10, outOfStock, busy, otherFailures, firstError },
  };
}
