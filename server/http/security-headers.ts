// helmet's headers, worked out once. helmet builds every header again for each request, the
// Content-Security-Policy string included (its directives walked, the nonce function called): 0.75
// ms of CPU per request on this machine, a thirtieth of a cold product page (bench/README.md,
// change 147). Its headers depend on the request only through the CSP nonce, so helmet runs once
// at start-up against a stand-in response whose nonce is a marker, and each request gets the
// same headers with its own nonce put in for the marker.
import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/** Stands for the request's nonce while helmet's headers are recorded; base64 never holds '!'. */
const NONCE_MARK = '!nonce!';

/**
 * helmet(options) as one middleware that sets recorded headers. `options` must read the nonce
 * only through `nonceOf(res)` (the CSP's script-src), as the shop's do.
 */
export function securityHeaders(options: (nonceOf: (res: Response) => string) => HelmetOptions): RequestHandler {
  const recorded = recordHeaders(helmet(options((res) => String(res.locals.cspNonce))));
  return (_req, res, next) => {
    const nonce = String(res.locals.cspNonce);
    for (const [name, value] of recorded.set) res.setHeader(name, value.includes(NONCE_MARK) ? value.replaceAll(NONCE_MARK, nonce) : value);
    for (const name of recorded.removed) res.removeHeader(name);
    next();
  };
}

type Recorded = { set: [string, string][]; removed: string[] };

function recordHeaders(middleware: (req: IncomingMessage, res: Response, next: (error?: unknown) => void) => void): Recorded {
  const recorded: Recorded = { set: [], removed: [] };
  const standIn = {
    locals: { cspNonce: NONCE_MARK },
    setHeader(name: string, value: string | number | readonly string[]) {
      if (Array.isArray(value)) throw new Error(`security headers: ${name} has several values`);
      recorded.set.push([name, String(value)]);
      return standIn;
    },
    removeHeader(name: string) {
      recorded.removed.push(name);
    },
  };
  let called = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, standIn as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    called = true;
  });
  // helmet's middleware is synchronous; one that is not could not be recorded like this.
  if (!called) throw new Error('security headers: helmet did not finish at once');
  return recorded;
}
