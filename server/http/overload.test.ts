import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createFront } from './front';
import { registerOverloadMetrics } from './metrics';
import { createOverloadGuard, decide, type OverloadSignals } from './overload';
import type { OverloadSettings } from '../config';

const settings: OverloadSettings = { maxRenders: 2, maxQueued: 2, maxWaitMs: 2000, eventLoopDelayMs: 200, heapRatio: 0.85, retryAfterSeconds: 5 };
const calm: OverloadSignals = { inFlight: 0, queued: 0, eventLoopDelayMs: 1, heapLiveRatio: 0.4 };

describe('decide', () => {
  it('runs while turns are free, then queues, then refuses', () => {
    expect(decide(calm, settings)).toEqual({ action: 'run' });
    expect(decide({ ...calm, inFlight: 1 }, settings)).toEqual({ action: 'run' });
    expect(decide({ ...calm, inFlight: 2 }, settings)).toEqual({ action: 'queue' });
    expect(decide({ ...calm, inFlight: 2, queued: 1 }, settings)).toEqual({ action: 'queue' });
    expect(decide({ ...calm, inFlight: 2, queued: 2 }, settings)).toEqual({ action: 'shed', reason: 'queue_full' });
    // Nobody jumps the queue: a free turn goes to the oldest waiting request first.
    expect(decide({ ...calm, inFlight: 1, queued: 1 }, settings)).toEqual({ action: 'queue' });
    expect(decide({ ...calm, inFlight: 2 }, { ...settings, maxQueued: 0 })).toEqual({ action: 'shed', reason: 'queue_full' });
  });

  it('refuses at once under heap or event-loop pressure, but still runs one request at a time', () => {
    expect(decide({ ...calm, inFlight: 1, heapLiveRatio: 0.9 }, settings)).toEqual({ action: 'shed', reason: 'heap' });
    expect(decide({ ...calm, inFlight: 1, eventLoopDelayMs: 250 }, settings)).toEqual({ action: 'shed', reason: 'event_loop' });
    expect(decide({ ...calm, heapLiveRatio: 0.9, eventLoopDelayMs: 250 }, settings)).toEqual({ action: 'run' });
    expect(decide({ ...calm, inFlight: 1, heapLiveRatio: 0.84, eventLoopDelayMs: 199 }, settings)).toEqual({ action: 'run' });
  });
});

describe('a saturated server', () => {
  let server: Server | undefined;
  let stop = () => {};
  afterEach(async () => {
    stop();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  /** A shop whose renders hang until released, behind the real front and guard. */
  async function start(overrides: Partial<OverloadSettings>, signals?: () => Pick<OverloadSignals, 'eventLoopDelayMs' | 'heapLiveRatio'>) {
    const held: ServerResponse[] = [];
    const recorded: number[] = [];
    const guard = createOverloadGuard({ ...settings, ...overrides }, { signals, sampleMs: 20 });
    stop = guard.stop;
    const registry = new Registry();
    registerOverloadMetrics(registry, guard);
    const app = (req: { url?: string }, res: ServerResponse) => {
      if (req.url === '/healthz') return void res.end(guard.busy() ? 'busy' : 'ok');
      if (req.url === '/metrics') return void registry.metrics().then((text) => res.end(text));
      held.push(res);
    };
    const front = createFront({ metrics: { record: (_method, _path, status) => void recorded.push(status) }, log: pino({ level: 'silent' }), guard, exempt: (path) => path === '/healthz' || path === '/metrics' }, app);
    server = createServer(front);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const release = () => {
      for (const res of held.splice(0)) res.end('rendered');
    };
    return { base, release, held, guard, registry, recorded };
  }

  it('answers 503 with Retry-After (a page, or the API\'s JSON) while its turns are taken, and recovers', async () => {
    const { base, release, held, recorded } = await start({ maxRenders: 1, maxQueued: 0 });
    const first = fetch(`${base}/product/UHJvZHVjdDox`);
    await expect.poll(() => held.length).toBe(1);

    const page = await fetch(`${base}/product/UHJvZHVjdDoy`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/busy/i);

    const api = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ me { id } }"}' });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toMatchObject({ errors: [{ extensions: { code: 'SERVICE_UNAVAILABLE' } }] });

    // Probes and metrics are never refused.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/suki_shed_requests_total\{reason="queue_full",kind="page"\} 1/);
    expect(metrics).toMatch(/suki_shed_requests_total\{reason="queue_full",kind="api"\} 1/);
    expect(metrics).toMatch(/suki_requests_in_flight 1/);
    // Counted (and logged) as served requests are.
    expect(recorded).toEqual([503, 503]);

    // The one in flight finishes; the next request is served again.
    release();
    expect(await (await first).text()).toBe('rendered');
    const again = fetch(`${base}/product/UHJvZHVjdDoy`);
    await expect.poll(() => held.length).toBe(1);
    release();
    expect((await again).status).toBe(200);
  });

  it('lets waiting requests take turns in order, and refuses one that waited too long', async () => {
    const { base, release, held } = await start({ maxRenders: 1, maxQueued: 5, maxWaitMs: 300 });
    const first = fetch(`${base}/product/1`);
    await expect.poll(() => held.length).toBe(1);
    const waiting = fetch(`${base}/product/2`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect((await first).status).toBe(200);
    // The waiting one got the freed turn.
    await expect.poll(() => held.length).toBe(1);
    const late = fetch(`${base}/product/3`);
    const refused = await late;
    expect(refused.status).toBe(503);
    release();
    expect((await waiting).status).toBe(200);
  });

  it('refuses new work while the heap is near its limit, answering the health probe "busy", and recovers when it is not', async () => {
    let heapLiveRatio = 0.95;
    const { base, release, held } = await start({ maxRenders: 4 }, () => ({ eventLoopDelayMs: 0, heapLiveRatio }));
    const first = fetch(`${base}/product/1`);
    await expect.poll(() => held.length).toBe(1);
    const refused = await fetch(`${base}/product/2`);
    expect(refused.status).toBe(503);
    expect(await (await fetch(`${base}/healthz`)).text()).toBe('busy');
    heapLiveRatio = 0.5;
    expect(await (await fetch(`${base}/healthz`)).text()).toBe('ok');
    const served = fetch(`${base}/product/2`);
    await expect.poll(() => held.length).toBe(2);
    release();
    expect((await first).status).toBe(200);
    expect((await served).status).toBe(200);
  });
});
