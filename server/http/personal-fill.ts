// The fill of a signed-in shopper's public page (docs/decisions/055-signed-in-public-pages-are-the-visitors.md):
// the header's viewer, cart and count as JSON, answered by the front without Express and React
// Router. Through the root loader's `.data` request the same answer cost the access log, helmet,
// compression, the router, React Router's request and data strategy and its turbo-stream
// encoding around the same two in-process questions (bench/README.md, change 145). A product
// page's fill (`?product=<id>`) adds that product's watchlist mark, asked on the same client, so
// the product's own loader is not asked again just for it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { personalParts } from '../../app/lib/personal-parts.server';
import { createInProcessClient } from '../graphql/in-process';
import { REQUEST_ID_HEADER, type Api } from '../graphql/yoga';

export { PERSONAL_FILL_PATH } from '../../common/personal-fill';

/** Answers the fill; resolves to the status sent (for the front's metrics and access log). */
export type PersonalFill = (req: IncomingMessage, res: ServerResponse, requestId: string) => Promise<number>;

export function createPersonalFill(api: Api, log: Logger): PersonalFill {
  return async (req, res, requestId) => {
    const client = createInProcessClient(api, { cookie: req.headers.cookie, requestId, clientIp: req.socket.remoteAddress });
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(await personalParts({ api: client }, productOf(req.url)));
    } catch (error) {
      // query() throws React Router's data(..., 500) for an API error; anything else is ours.
      log.error({ err: error instanceof Error ? error : undefined, requestId }, 'personal fill failed');
      status = 500;
      body = '{}';
    }
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      // Personal: never kept by a browser or a proxy for anyone else.
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'same-origin',
      [REQUEST_ID_HEADER]: requestId,
    });
    res.end(body);
    return status;
  };
}

/** Longer than any product's id: anything longer is not one, and is not asked. */
const MAX_PRODUCT_ID = 100;

/** The product whose mark the fill asks (`?product=<id>`); none when absent or not an id's shape. */
export function productOf(url: string | undefined): string | undefined {
  const query = url?.indexOf('?') ?? -1;
  if (query === -1) return undefined;
  const id = new URLSearchParams(url!.slice(query + 1)).get('product');
  return id && id.length <= MAX_PRODUCT_ID ? id : undefined;
}
