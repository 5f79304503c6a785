// patches/react-router+7.18.4.patch: ServerRouter builds a build's server routes once, and the
// static router converts the same route objects once (2% of a cold page's CPU each render, with
// the partial manifest's matching; bench/README.md). Fails if an upgrade drops the patch.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type * as ReactRouter from 'react-router';
import { describe, expect, it } from 'vitest';

// The build Node loads for the shop's server (the patched ES module), not the one Vite's resolver picks.
const served = createRequire(import.meta.url).resolve('react-router');
const { createStaticHandler, createStaticRouter } = (await import(pathToFileURL(served).href)) as typeof ReactRouter;

describe('the react-router patch', () => {
  it('converts the same route objects once, whatever the request', async () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'product', path: 'product/:id', loader: () => null }] }];
    const handler = createStaticHandler(routes);
    const contextA = await handler.query(new Request('http://shop.test/product/1'));
    const contextB = await handler.query(new Request('http://shop.test/product/2'));
    if (contextA instanceof Response || contextB instanceof Response) throw new Error('unexpected redirect');
    const a = createStaticRouter(routes, contextA);
    const b = createStaticRouter(routes, contextB);
    expect(b.routes).toBe(a.routes);
    // Each router still reads its own request.
    expect(a.state.location.pathname).toBe('/product/1');
    expect(b.state.location.pathname).toBe('/product/2');
    expect(b.state.matches.at(-1)?.params).toEqual({ id: '2' });
  });
});
