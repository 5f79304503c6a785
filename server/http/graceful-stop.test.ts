import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDrain } from './graceful-stop';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** Until the request has reached the handler (a fixed sleep raced the client on a busy machine). */
async function arrived(drain: { inFlight(): number }) {
  const deadline = Date.now() + 5_000;
  while (drain.inFlight() === 0) {
    if (Date.now() > deadline) throw new Error('the request never arrived');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function serve(handler: Parameters<typeof createDrain>[0]) {
  const drain = createDrain(handler);
  server = createServer(drain.handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { drain, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('stopping a replica', () => {

  it('keeps listening while connections keep arriving, even with nothing in flight between them', async () => {
    // As a loop busy with the embedded database takes queued connections in: one per task, each
    // answered before the next is accepted. Closing the listener between two would reset the rest.
    const { drain, url } = await serve((_req, res) => res.end('ok'));
    const port = Number(new URL(url).port);
    const stopped = drain.stop(server!, 5_000, 0);
    const sockets: Socket[] = [];
    try {
      // 400 ms of arrivals 40 ms apart: more than the 150 ms quiet moment, never a quiet one.
      for (let i = 0; i < 10; i++) {
        await new Promise((r) => setTimeout(r, 40));
        const socket = connect(port, '127.0.0.1');
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('error', reject);
        });
        expect(drain.inFlight()).toBe(0);
      }
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    expect(sockets.every((socket) => !socket.errored)).toBe(true);
    await stopped;
  });
  it('finishes the requests in flight, then refuses new connections and resolves', async () => {
    const { drain, url } = await serve((req, res) => {
      // A checkout that takes 600 ms.
      setTimeout(() => res.end(`done ${req.url}`), req.url === '/slow' ? 600 : 0);
    });
    const inFlight = fetch(`${url}/slow`).then(async (r) => ({ status: r.status, body: await r.text(), connection: r.headers.get('connection') }));
    await arrived(drain);
    expect(drain.inFlight()).toBe(1);

    const stopped = drain.stop(server!, 5_000, 200);
    // Within the accept window a connection already on its way is still answered, and closed.
    const late = await fetch(`${url}/late`);
    expect([late.status, late.headers.get('connection')]).toEqual([200, 'close']);
    expect(await inFlight).toEqual({ status: 200, body: 'done /slow', connection: 'close' });
    expect(await stopped).toBe(true);
    expect(drain.inFlight()).toBe(0);
    // Once the work is done, no new connection is accepted.
    await expect(fetch(`${url}/new`)).rejects.toThrow();
  });

  it('cuts what is still running after the grace period, and says so', async () => {
    const { drain, url } = await serve(() => undefined); // never answers
    const hanging = fetch(`${url}/forever`).then(
      () => 'answered',
      () => 'cut',
    );
    await arrived(drain);
    const started = Date.now();
    expect(await drain.stop(server!, 300, 0)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(await hanging).toBe('cut');
  });

  it('stops listening under steady traffic after busyListenMs, and answers every request it took', async () => {
    // A balancer that never takes the replica out: eight clients, each sending its next request
    // on a new connection as soon as the last is answered (100 ms later): never a quiet moment.
    let took = 0;
    let answered = 0;
    const { drain, url } = await serve((_req, res) => {
      took += 1;
      res.once('finish', () => (answered += 1));
      setTimeout(() => res.end('ok'), 100);
    });
    let sending = true;
    const outcomes: string[] = [];
    const senders = Array.from({ length: 8 }, async () => {
      while (sending) {
        outcomes.push(
          await fetch(url, { headers: { connection: 'close' } }).then(
            async (r) => `${r.status} ${await r.text()}`,
            (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
          ),
        );
      }
    });
    await arrived(drain);
    const started = Date.now();
    // Before busyListenMs the listener stayed open to the 10 s grace, and what was then in flight was cut.
    expect(await drain.stop(server!, 10_000, 0, 500)).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(answered).toBe(took);
    sending = false;
    await Promise.all(senders);
    // The rest found the door shut (refused: a balancer sends it to another replica; or reset
    // while queued, never seen by the handler).
    expect(outcomes.filter((o) => !['200 ok', 'ECONNREFUSED', 'ECONNRESET'].includes(o))).toEqual([]);
    expect(outcomes.filter((o) => o === '200 ok').length).toBe(answered);
    await expect(fetch(url)).rejects.toThrow();
  }, 15_000);

  it('stops at once when nothing is in flight', async () => {
    const { drain } = await serve((_req, res) => res.end('ok'));
    const started = Date.now();
    expect(await drain.stop(server!, 10_000)).toBe(true);
    // Only the accept window: nothing to wait for.
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
