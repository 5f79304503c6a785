// A load balancer in a few lines, for the replica suite, doing what the HAProxy configuration of
// docs/operations.md does: each request goes to the next replica in turn, skipping one whose
// /healthz is not 200 (checked every HEALTH_INTERVAL_MS: 'stopping', not started yet); a
// connection a replica refuses is tried on the next one (`retries` with `option redispatch`). A new connection per
// request, as a balancer that spreads every request does. Each answer says which replica gave it
// (X-Served-By: its index), and every answer's status is counted. A test may pin a request to one
// replica with X-Test-Replica: its index (then nothing is retried elsewhere).
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyFigures = {
  requests: number;
  /** Answers by status (502 is the proxy's own: no replica took the request, or one cut it). */
  statuses: Record<number, number>;
  /** Connections refused by a replica and sent to another. */
  retried: number;
  /** What went wrong on the way to a replica, other than a refused connection. */
  errors: string[];
};

export type RoundRobinProxy = {
  url: string;
  figures: ProxyFigures;
  close(): Promise<void>;
};

const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name.toLowerCase())));
}

export const HEALTH_INTERVAL_MS = 250;

/** `backends()` is read on every request, so a test may move a replica to another port. */
export async function startRoundRobinProxy(backends: () => string[]): Promise<RoundRobinProxy> {
  const figures: ProxyFigures = { requests: 0, statuses: {}, retried: 0, errors: [] };
  let next = 0;
  // Replicas by URL: whether the last health check answered 200.
  const healthy = new Map<string, boolean>();
  const check = async () => {
    await Promise.all(
      backends().map(async (url) => {
        const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
          async (r) => (await r.arrayBuffer(), r.status === 200),
          () => false,
        );
        healthy.set(url, ok);
      }),
    );
  };
  await check();
  const checks = setInterval(() => void check(), HEALTH_INTERVAL_MS);
  const server: Server = createServer(async (req, res) => {
    figures.requests += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const targets = backends();
    const pinned = req.headers['x-test-replica'];
    // The next healthy replica in turn (any, when none is known healthy).
    let first = Number(pinned);
    if (pinned === undefined) {
      const start = next++;
      const order = targets.map((_, i) => (start + i) % targets.length);
      first = order.find((i) => healthy.get(targets[i]!) === true) ?? order[0]!;
    }
    const answer = (status: number, headers: IncomingHttpHeaders, payload: NodeJS.ReadableStream | string) => {
      figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
      res.writeHead(status, headers);
      if (typeof payload === 'string') res.end(payload);
      else payload.pipe(res);
    };
    for (let attempt = 0; attempt < (pinned === undefined ? targets.length * 3 : 1); attempt++) {
      const index = (first + attempt) % targets.length;
      const target = new URL(targets[index]!);
      const outcome = await new Promise<'refused' | 'done'>((resolve) => {
        const upstream = request(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...forwardable(req.headers), 'content-length': String(body.length) }, agent: false },
          (response) => {
            answer(response.statusCode ?? 502, { ...forwardable(response.headers), 'x-served-by': String(index) }, response);
            response.once('error', (error) => figures.errors.push(`${req.url}: answer cut: ${error.message}`));
            resolve('done');
          },
        );
        upstream.once('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED') return resolve('refused');
          figures.errors.push(`${req.method} ${req.url} on replica ${index}: ${error.code ?? error.message}`);
          if (!res.headersSent) answer(502, { 'content-type': 'text/plain' }, `proxy: ${error.message}`);
          else res.destroy();
          resolve('done');
        });
        upstream.end(body);
      });
      if (outcome === 'done') return;
      figures.retried += 1;
      // Every replica refused: wait a moment for one to come back, as a balancer's retry delay.
      if ((attempt + 1) % targets.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    figures.errors.push(`${req.method} ${req.url}: every replica refused the connection`);
    answer(502, { 'content-type': 'text/plain' }, 'proxy: no replica answered');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    figures,
    close: () => {
      clearInterval(checks);
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
