// `npx tsx bench/checkout-drive.ts --url http://127.0.0.1:3940 --database postgres://... --secret S --seconds 10`
// The bench's checkout scenario (bench/checkout.ts) against a shop started by hand, e.g. under
// `node --cpu-prof dist/main.js` to profile it (the bench's own spawned shop cannot be: Node
// refuses --cpu-prof in NODE_OPTIONS). The customers are written once per database and their
// tokens kept in --tokens (a second prepareCustomers would collide on their emails).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { prepareCustomers, runCheckouts } from './checkout';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3940' },
    database: { type: 'string' },
    secret: { type: 'string', default: 'bench-jwt-secret-0123456789-0123456789' },
    seconds: { type: 'string', default: '10' },
    tokens: { type: 'string', default: '/tmp/suki-checkout-tokens.json' },
  },
});

async function gql<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await fetch(`${options.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-suki-csrf': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  if (body.errors) throw new Error(`query failed: ${JSON.stringify(body.errors).slice(0, 300)}`);
  return body.data;
}

async function tokens(): Promise<string[]> {
  if (existsSync(options.tokens)) return JSON.parse(readFileSync(options.tokens, 'utf8')) as string[];
  if (!options.database) throw new Error('--database is needed to write the customers the first time');
  const written = await prepareCustomers({ url: options.database }, options.secret);
  writeFileSync(options.tokens, JSON.stringify(written));
  return written;
}

const result = await runCheckouts(gql, await tokens(), Number(options.seconds));
console.log(JSON.stringify(result, null, 1));
