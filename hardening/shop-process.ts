// Starts the real shop as its own process (the production build, as a replica runs it), for
// the tests that need several processes or a kill -9.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { FUNCTIONAL_TEST_OVERLOAD_ENV, serverNodeArgs } from '../scripts/server-node.mjs';

export const HARDENING_JWT_SECRET = 'hardening-suite-jwt-secret-0123456789abcdef';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export type ShopProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote, for the secrets scan. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/**
 * A built shop process on a free port. `overload: 'real'` keeps the load shedder's pressure
 * triggers (the soak); otherwise they are out of reach (FUNCTIONAL_TEST_OVERLOAD_ENV), so a
 * machine busy with other suites cannot turn a request into a 503 the test did not ask about.
 */
export async function startShop(env: Record<string, string>, options: { overload?: 'real' | 'functional'; port?: number } = {}): Promise<ShopProcess> {
  // A given port: a replica restarted where its load balancer expects it.
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverNodeArgs(), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SHOP_MODE: 'live',
      LOG_LEVEL: 'info',
      JWT_SECRET: HARDENING_JWT_SECRET,
      PORT: String(port),
      PUBLIC_URL: url,
      ...(options.overload === 'real' ? {} : FUNCTIONAL_TEST_OVERLOAD_ENV),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the shop did not start within 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** POSTs a GraphQL operation to a shop process as a same-origin client does. */
export async function graphqlOver<T>(url: string, query: string, variables: Record<string, unknown>, token?: string): Promise<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-suki-csrf': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}
