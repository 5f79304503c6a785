// A real request through the shop's HTTP app (server/http/app.ts) with tracing on and an
// in-memory exporter: its HTTP span, GraphQL operation span and (on PostgreSQL) SQL spans are one
// trace; every log line of a request carries the id the answer's header gives; /metrics has the
// database pool's figures.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { CSRF_HEADER, createApi } from '../graphql/yoga';
import { createHttpApp } from '../http/app';
import { projectRoot } from '../lib/project-root';
import { capturedLogger } from '../testing/captured-logger';
import { createTestDatabase, testDriver, type TestDatabase } from '../testing/test-database';
import { startTracing, type Tracing } from './tracing';
import { isTracing } from './tracing-state';

const METRICS_TOKEN = 'observability-test-token';
const exporter = new InMemorySpanExporter();
let captured: ReturnType<typeof capturedLogger>;
let tracing: Tracing;
let database: TestDatabase;
let server: Server;
let base: string;

/** The API and the page paths only: pages go to a stand-in for Vite, never reached here. */
const noPages = { middlewares: (_req: unknown, _res: unknown, next: () => void) => next(), ssrLoadModule: () => Promise.reject(new Error('no pages in this test')) } as unknown as ViteDevServer;

beforeAll(async () => {
  // Before the app and the API are made, as the preload does before the server loads.
  tracing = startTracing({ exporter, immediate: true });
  // Made while tracing, as the server's is: its lines name their trace.
  captured = capturedLogger();
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'suki-trace-')), RESPONSE_CACHE: 'off', METRICS_TOKEN: METRICS_TOKEN });
  const api = createApi({ db: database.db, config, log: captured.log, listen: database.listen });
  await api.ready();
  const handler = await createHttpApp({ config, database, api, log: captured.log, rootDir: projectRoot, vite: noPages });
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await tracing?.shutdown();
  await database?.close();
});

const gql = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1', ...headers }, body: JSON.stringify({ query }) });

/** Spans of one trace, once its root (the HTTP server span) has ended. */
async function traceOf(predicate: (span: ReadableSpan) => boolean): Promise<ReadableSpan[]> {
  for (let i = 0; i < 50; i++) {
    const root = exporter.getFinishedSpans().find((span) => span.kind === SpanKind.SERVER && predicate(span));
    if (root) return exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === root.spanContext().traceId);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no server span; spans: ${exporter.getFinishedSpans().map((s) => s.name).join(', ')}`);
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

it('traces a GraphQL request: the HTTP span, the operation under it and its SQL under that', async () => {
  expect(isTracing()).toBe(true);
  exporter.reset();
  const response = await gql('query TracedBrands { brands(first: 2) { edges { node { name } } } }', { 'x-request-id': 'trace-test-0001' });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { errors?: unknown };
  expect(body.errors).toBeUndefined();

  const spans = await traceOf((span) => span.attributes['http.request.method'] === 'POST' || span.attributes['http.method'] === 'POST');
  const http = spans.find((span) => span.kind === SpanKind.SERVER)!;
  expect(http.name).toBe('POST graphql');
  const operation = spans.find((span) => span.name === 'graphql.query TracedBrands');
  expect(operation, spans.map((s) => s.name).join(', ')).toBeDefined();
  expect(parentOf(operation!)).toBe(http.spanContext().spanId);
  expect(operation!.attributes['graphql.operation.name']).toBe('TracedBrands');

  if (testDriver() === 'postgres') {
    const sql = spans.filter((span) => span.attributes['db.system'] === 'postgresql' || span.attributes['db.system.name'] === 'postgresql');
    expect(sql.length, spans.map((s) => s.name).join(', ')).toBeGreaterThan(0);
    // Each statement sits under the operation (directly, or under pg-pool's connect).
    const ids = new Set(spans.map((span) => span.spanContext().spanId));
    for (const statement of sql) expect(ids.has(parentOf(statement) ?? '')).toBe(true);
    const underOperation = sql.some((statement) => parentOf(statement) === operation!.spanContext().spanId);
    expect(underOperation).toBe(true);
  }
});

it('a health probe is not traced', async () => {
  exporter.reset();
  // 503 'busy' on a loaded machine is an answer too: either way, no trace.
  expect([200, 503]).toContain((await fetch(`${base}/healthz`)).status);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const servers = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
  expect(servers.map((span) => `${span.name} ${JSON.stringify(span.attributes)}`)).toEqual([]);
});

it('every log line of a request carries the id of its answer header, a resolver\'s error included', async () => {
  // A database fault the resolver does not expect: it is logged, and the answer masked with the id.
  await database.executeSql('ALTER TABLE brands RENAME TO brands_away');
  try {
    captured.lines.length = 0;
    exporter.reset();
    // No id given: the shop makes one, and the API must use the same.
    const response = await gql('query BrokenBrands { brands(first: 2) { edges { node { name } } } }');
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[\w-]{8,64}$/);
    const body = (await response.json()) as { errors?: { extensions?: { requestId?: string } }[] };
    expect(body.errors?.[0]?.extensions?.requestId).toBe(id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const records = captured.records();
    expect(records.map((r) => r.msg)).toEqual(expect.arrayContaining(['unexpected error in resolver', expect.stringMatching(/^POST \/graphql 200/)]));
    for (const record of records) expect(record.requestId, JSON.stringify(record)).toBe(id);
    // The resolver's line names the request's trace.
    const errorLine = records.find((r) => r.msg === 'unexpected error in resolver')!;
    const traced = await traceOf((span) => span.spanContext().traceId === errorLine.traceId);
    expect(traced.some((span) => span.name === 'graphql.query BrokenBrands')).toBe(true);
  } finally {
    await database.executeSql('ALTER TABLE brands_away RENAME TO brands');
  }
});

const scrape = async () => {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
};

it('/metrics: the PostgreSQL pool\'s connections and the queries waiting for one', async () => {
  const idle = await scrape();
  if (testDriver() !== 'postgres') {
    // PGlite has one session and no pool.
    expect(idle).not.toContain('suki_db_pool_connections');
    return;
  }
  expect(idle).toContain('suki_db_pool_connections{state="max"} 10');
  expect(idle).toContain('suki_db_pool_waiting 0');
  // Eleven statements of a second each on ten connections: one waits.
  const sleepers = Array.from({ length: 11 }, () => database.executeSql('select pg_sleep(1)'));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const busy = await scrape();
  await Promise.all(sleepers);
  expect(busy).toContain('suki_db_pool_connections{state="busy"} 10');
  expect(busy).toContain('suki_db_pool_waiting 1');
});
