// One concise access line per request, with no secret in it.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger } from '../testing/captured-logger';
import { accessLog } from './access-log';

const captured = capturedLogger();
let base = '';
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.use(accessLog(captured.log));
  // As the storefront's sign-in does: a session cookie in the answer.
  app.post('/auth', (_req, res) => {
    res.setHeader('set-cookie', 'token=eyJhbGciOiJIUzI1NiJ9.session-secret; HttpOnly; Path=/');
    res.setHeader('content-security-policy', "default-src 'self'; script-src 'nonce-abc'");
    res.status(204).end();
  });
  app.get('/reset', (_req, res) => void res.send('reset form'));
  app.get('/boom', () => {
    throw new Error('kaput');
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('access log', () => {
  it('writes method, path, status, duration and request id, and no header', async () => {
    await fetch(`${base}/auth`, { method: 'POST', headers: { cookie: 'token=old-session-secret', 'x-request-id': 'req-12345678' } });
    await fetch(`${base}/reset?token=reset-secret-123&uid=77`);
    const records = captured.records();
    const signIn = records.find((r) => r.path === '/auth')!;
    expect(signIn).toMatchObject({ method: 'POST', status: 204, requestId: 'req-12345678', msg: expect.stringMatching(/^POST \/auth 204 \d+ms$/) });
    expect(typeof signIn.ms).toBe('number');
    expect(signIn).not.toHaveProperty('req');
    expect(signIn).not.toHaveProperty('res');
    expect(records.find((r) => String(r.path).startsWith('/reset'))!.path).toBe('/reset?token=[redacted]&uid=[redacted]');

    const logged = captured.text();
    for (const secret of ['session-secret', 'old-session-secret', 'reset-secret-123', 'uid=77', 'nonce-abc', 'set-cookie']) {
      expect(logged).not.toContain(secret);
    }
  });

  it('logs a failed request at error level', async () => {
    await fetch(`${base}/boom`);
    const failed = captured.records().find((r) => r.path === '/boom')!;
    expect(failed).toMatchObject({ level: 50, status: 500 });
  });
});
