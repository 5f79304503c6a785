// The attacks that once worked, replayed over HTTP against the running shop.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, launchBrowser, newPage } from './browser';
import { serverNodeArgs } from '../scripts/server-node.mjs';

const graphql = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseURL()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ data?: Record<string, { errors: { message: string }[] }>; errors?: { extensions?: { code?: string } }[] }>);

describe('attacks that used to work', () => {
  it('does not let a spoofed X-Forwarded-For escape the sign-in throttle (no TRUST_PROXY)', async () => {
    const login = { query: 'mutation { tokenCreate(email: "spoof-target@example.com", password: "wrong-guess") { errors { message } } }' };
    const messages: string[] = [];
    for (let i = 0; i < 8; i++) {
      const result = await graphql(login, { 'x-forwarded-for': `203.0.113.${i + 1}` });
      messages.push(result.data!.tokenCreate!.errors[0]!.message);
    }
    expect(messages.slice(0, 6)).toEqual(Array(6).fill('Please, enter valid credentials'));
    expect(messages[6]).toMatch(/^Too many attempts/);
  });

  it('refuses a cross-site form post to the sign-in action (login CSRF)', async () => {
    const response = await fetch(`${baseURL()}/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: 'intent=login&email=attacker%40example.com&password=attacker-pass',
    });
    expect(response.status).toBe(403);
  });

  it('gives another origin no CORS access to the API', async () => {
    const preflight = await fetch(`${baseURL()}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('refuses a 1 MB search at once, and stays healthy', async () => {
    const result = await graphql({ query: 'query ($q: String) { products(first: 5, query: $q) { totalCount } }', variables: { q: 'a'.repeat(1_000_000) } });
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await fetch(`${baseURL()}/healthz`)).status).toBe(200);
  });
});

describe('GraphiQL in the demo', () => {
  it('loads at /graphql in a browser under its own content policy', async () => {
    const browser = await launchBrowser();
    try {
      const { context, page } = await newPage(browser);
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await page.goto('/graphql');
      await page.locator('.graphiql-container').first().waitFor({ timeout: 30_000 });
      expect(refused).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});

/** Starts a second shop process the way the e2e shop was started; resolves on its exit. */
function secondProcess(env: Record<string, string>): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, serverNodeArgs(), {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_PRODUCTS: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 50_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stderr, ms: Date.now() - started });
    }),
  );
}

describe('a second process', () => {
  it('is refused on the running shop\'s DATA_DIR, in one line, and the shop keeps serving', async () => {
    const result = await secondProcess({ DATA_DIR: inject('dataDir'), PORT: '0' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Suki failed to start: The embedded database in .* \(DATA_DIR\) is in use by another Suki process/)]);
    expect((await fetch(`${baseURL()}/healthz`)).status).toBe(200);
  }, 60_000);

  it('exits with one line naming PORT when the port is taken', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'suki-port-'));
    try {
      const result = await secondProcess({ DATA_DIR: dataDir, PORT: new URL(baseURL()).port });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`Suki failed to start: PORT ${new URL(baseURL()).port} is already in use by another program: stop it, or set PORT to a free port.`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
