// Starts the built shop once for the end-to-end run: its own port, its own fresh data dir.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { FUNCTIONAL_TEST_OVERLOAD_ENV, serverNodeArgs } from '../scripts/server-node.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The running shop's DATA_DIR: tests that start a second process point it here. */
    dataDir: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** /metrics is served only to a scraper with this token (README: METRICS_TOKEN). */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789';

let child: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'suki-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, serverNodeArgs(), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      SEED_PRODUCTS: process.env.E2E_SEED_PRODUCTS ?? '120',
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      // The referral journey claims its rewards right after fulfilment: no refund-window hold.
      REFERRAL_HOLD_DAYS: '0',
      // Journeys test behaviour, not overload: no 503 because the browser starved the server.
      ...FUNCTIONAL_TEST_OVERLOAD_ENV,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Seeding renders the demo images: on a 2-core machine shared with other work it can pass 90 s.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the shop did not start within 240 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
}

export async function teardown() {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
