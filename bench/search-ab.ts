// A/B of the storefront search on two shops already running over the same catalogue (e.g. two
// builds, each on its own copy of a database kept by `--search-products N --keep-database`:
// `CREATE DATABASE b TEMPLATE a`). Rows of the two alternate, so both see the same load:
//   PORTS=4731,4732 ROUNDS=2 CONNS=1,10 npx tsx bench/search-ab.ts
// Each row: round, shop (A = first port), query kind, clients, requests, matches, p50 / p95 / p99 ms.
import { quantile, SEARCH_QUERIES, searchBody, timeRequests } from './search';

const ports = (process.env.PORTS ?? '4731,4732').split(',');
const seconds = Number(process.env.SECONDS_PER_ROW ?? 5);
const rounds = Number(process.env.ROUNDS ?? 2);
const clients = (process.env.CONNS ?? '1').split(',').map(Number);
const headers = { 'content-type': 'application/json', 'x-suki-csrf': '1' };

console.log('| round | shop | search | clients | requests | matches | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|---|---|---|');
for (let round = 1; round <= rounds; round++) {
  for (const connections of clients) {
    for (const { label, query } of SEARCH_QUERIES) {
      for (const [i, port] of ports.entries()) {
        const url = `http://127.0.0.1:${port}/graphql`;
        const first = (await (await fetch(url, { method: 'POST', headers, body: searchBody(query) })).json()) as { data: { products: { totalCount: number } } };
        const latencies = await timeRequests(url, headers, searchBody(query), connections, seconds);
        const row = [round, String.fromCharCode(65 + i), label, connections, latencies.length, first.data.products.totalCount, quantile(latencies, 0.5), quantile(latencies, 0.95), quantile(latencies, 0.99)];
        console.log(`| ${row.join(' | ')} |`);
      }
    }
  }
}
