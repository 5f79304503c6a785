// `npm run serve` (scripts/start.mjs over the built server) brings the shop
// back after its process is killed, on the embedded database (whose lock the dead process
// left behind), and stops without a restart when asked to, answering the requests in flight first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createReport } from './report';
import { HARDENING_JWT_SECRET, freePort } from './shop-process';

const record = createReport('restart');
const dataDir = mkdtempSync(path.join(tmpdir(), 'suki-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

it('npm run serve restarts a killed server and stops cleanly on SIGTERM', async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const supervisor = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    // NODE_ENV as an operator's shell has it (Vitest sets 'test').
    env: { ...process.env, NODE_ENV: 'production', SHOP_MODE: 'live', LOG_LEVEL: 'warn', JWT_SECRET: HARDENING_JWT_SECRET, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  supervisor.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  supervisor.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => supervisor.once('exit', (code) => resolve(code)));
  const pids = () => [...log.matchAll(/server process (\d+) started/g)].map((m) => Number(m[1]));
  const healthy = async () => ((await fetch(`${url}/healthz`).then((r) => r.status, () => 0)) === 200 ? true : undefined);
  try {
    await until('the first start', healthy);
    const [first] = pids();
    expect(first).toBeGreaterThan(0);

    const killedAt = Date.now();
    process.kill(first!, 'SIGKILL');
    await until('the restart', () => (pids().length >= 2 ? true : undefined));
    await until('the restarted server to answer', healthy);
    const recoverySeconds = (Date.now() - killedAt) / 1000;
    expect(log).toMatch(new RegExp(`the server \\(pid ${first}\\) died after \\d+ s: signal SIGKILL`));
    record('kill -9 under npm run serve (PGlite)', { recoverySeconds: Math.round(recoverySeconds * 10) / 10 });

    const second = pids()[1]!;
    // A stop finishes what it started (server/http/graceful-stop.ts): 60 searches the caches
    // cannot answer, SIGTERM as soon as the first is answered; every one is answered 200.
    let stoppedAt = Infinity;
    const searches = Array.from({ length: 60 }, (_, i) =>
      fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query($q: String) { products(first: 20, query: $q) { edges { node { id name } } } }', variables: { q: `phone ${i}` } }),
      }).then(
        async (r) => ({ status: r.status, ok: !(await r.json()).errors, at: Date.now() }),
        (error: Error & { cause?: { code?: string; message?: string } }) => ({ status: 0, ok: false, at: Date.now() - stoppedAt, error: `${error.message}: ${error.cause?.code ?? error.cause?.message ?? ''}` }),
      ),
    );
    await Promise.race(searches);
    stoppedAt = Date.now();
    supervisor.kill('SIGTERM');
    const answers = await Promise.all(searches);
    expect(answers.filter((a) => a.status !== 200 || !a.ok), log.slice(-2000)).toEqual([]);
    const finishedAfterStop = answers.filter((a) => a.at > stoppedAt).length;
    expect(finishedAfterStop, 'requests were still in flight when SIGTERM came').toBeGreaterThan(0);
    record('SIGTERM with searches in flight (PGlite)', { inFlightAtStop: finishedAfterStop, answered: answers.length });
    expect(await exited, log.slice(-2000)).toBe(0);
    expect(pids()).toHaveLength(2);
    expect(() => process.kill(second, 0), 'the server stopped with its supervisor').toThrow();
  } finally {
    if (supervisor.exitCode === null) supervisor.kill('SIGKILL');
    for (const pid of pids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }
}, 240_000);
