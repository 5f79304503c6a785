// The webhook delivery job against a receiver on loopback that fails, then answers.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { startJobRunner, type JobRunner } from './job-runner';
import { JOB_SCHEMA } from './job-sql';
import { jobTestConfig, silentLog, sleep, waitFor } from './job-testing';
import { enqueueJob } from './jobs';
import { deliverWebhookJob } from './webhook-delivery';

let database: TestDatabase;
let runner: JobRunner;
let server: Server;
let baseUrl: string;
const received: { path: string; body: string; headers: IncomingHttpHeaders; answered: number }[] = [];
const failuresLeft = new Map<string, number>([['/flaky', 2], ['/down', Infinity]]);

// Fast retries for the test: the same job, with 1 s backoff and 2 retries.
const fastDelivery = { ...deliverWebhookJob, policy: { ...deliverWebhookJob.policy, retryDelaySeconds: 1, retryLimit: 2 } };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const left = failuresLeft.get(req.url ?? '') ?? 0;
      const answered = left > 0 ? 503 : 204;
      failuresLeft.set(req.url ?? '', left - 1);
      received.push({ path: req.url ?? '', body, headers: req.headers, answered });
      res.statusCode = answered;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  database = await createTestDatabase();
  runner = await startJobRunner({ database, config: jobTestConfig(), log: silentLog(), jobs: [deliverWebhookJob] });
});
afterAll(async () => {
  await runner?.stop(1000);
  await database?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const stateOf = async (id: string) => {
  const { rows } = await database.executeSql(`SELECT state FROM ${JOB_SCHEMA}.job WHERE id = $1`, [id]);
  return rows[0]?.state as string | undefined;
};

describe('deliverWebhookJob', () => {
  it('retries with backoff while the receiver fails, and stops once it answers 2xx', async () => {
    const body = JSON.stringify({ event: 'payment.approved', paymentId: 12 });
    const id = await enqueueJob(database.db, fastDelivery, {
      url: `${baseUrl}/flaky`,
      body,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'sha256=abc' },
    });
    await waitFor(async () => (await stateOf(id!)) === 'completed', 20_000, 'the delivery');
    const attempts = received.filter((r) => r.path === '/flaky');
    expect(attempts.map((a) => a.answered)).toEqual([503, 503, 204]);
    for (const attempt of attempts) {
      expect(attempt.body).toBe(body);
      expect(attempt.headers['x-sandbox-signature']).toBe('sha256=abc');
      expect(attempt.headers['content-type']).toBe('application/json');
    }
  });

  it('gives up after its retries when the receiver keeps failing', async () => {
    const id = await enqueueJob(database.db, fastDelivery, { url: `${baseUrl}/down`, body: '{}', headers: {} });
    await waitFor(async () => (await stateOf(id!)) === 'failed', 20_000, 'the delivery to fail for good');
    await sleep(2500);
    expect(received.filter((r) => r.path === '/down')).toHaveLength(3);
  });
});
