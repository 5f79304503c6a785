// The recorded headers are helmet's, request by request, with each request's own nonce.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

const shopLike = (nonceOf: (res: Response) => string): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_req, res) => `'nonce-${nonceOf(res as Response)}'`, 'https://connect.facebook.net'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'same-origin' },
  strictTransportSecurity: true,
});

function headersAfter(middleware: (req: IncomingMessage, res: Response, next: () => void) => void, nonce: string) {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req) as unknown as Response;
  res.locals = { cspNonce: nonce };
  res.setHeader('X-Powered-By', 'Express');
  let nexted = false;
  middleware(req, res, () => (nexted = true));
  expect(nexted).toBe(true);
  return res.getHeaders();
}

describe('security headers', () => {
  it("sets exactly helmet's headers, with each request's nonce in the policy", () => {
    const recorded = securityHeaders(shopLike);
    const direct = helmet(shopLike((res) => String(res.locals.cspNonce)));
    for (const nonce of ['abcDEF123+/=', 'zzzzzzzzzzzzzzzzzzzzzz==']) {
      const expected = headersAfter(direct as never, nonce);
      expect(headersAfter(recorded as never, nonce)).toEqual(expected);
      expect(String(expected['content-security-policy'])).toContain(`'nonce-${nonce}'`);
      expect(expected).not.toHaveProperty('x-powered-by');
    }
  });
});
