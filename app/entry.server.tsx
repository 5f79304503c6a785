// Server rendering with the request's CSP nonce on every script React Router emits.
import { pipeline, type Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { CachedMainProvider } from './lib/cached-main';
import { coalescingPassThrough } from './lib/coalesce-chunks.server';
import { MAIN_FRAGMENT_HEADER, captureMainFragment, planMainFragment } from './lib/main-fragment.server';
import { NonceProvider } from './lib/nonce';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // The page's <main> as stored markup when it was rendered before from the same loader data
  // (app/lib/main-fragment.server.ts): only the frame around it is rendered then. Signed-in
  // pages only: visitors' pages are kept whole by the page cache, and a crawler's cold renders
  // would otherwise push the shoppers' stored markup out (and cost a digest and a copy each;
  // docs/operations/memory-and-overload.md).
  const signedIn = Boolean((routerContext.staticHandlerContext.loaderData.root as { viewer?: unknown } | undefined)?.viewer);
  const fragment = signedIn ? planMainFragment(request, routerContext, nonce, loadContext.mainFragments) : null;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Armed before the render, which may call back before renderToPipeableStream returns.
    let abortRender = () => {};
    const timer = setTimeout(() => abortRender(), streamTimeout + 1000);
    let failed = false;
    const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <CachedMainProvider value={fragment?.html ?? null}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CachedMainProvider>
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary goes out in place, whatever its size. React's default (12.8
        // KB) sends a bigger one after the shell, hidden until a script moves it: the product
        // page's related cards then needed JavaScript to be seen, and a <main> holding a moved
        // boundary is never stored (app/lib/main-fragment.server.ts).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          // React writes 4 KB at a time; what it writes in one turn goes on as one chunk.
          const rendered = coalescingPassThrough();
          let body: Transform = rendered;
          if (fragment && fragment.html === null) {
            const capture = captureMainFragment(fragment.key, nonce, () => !failed && responseStatusCode === 200, loadContext.mainFragments);
            // Destroys both on an error in either (pipeline's callback is only for that).
            body = pipeline(rendered, capture, () => {});
          }
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (fragment) responseHeaders.set(MAIN_FRAGMENT_HEADER, fragment.html === null ? 'miss' : 'hit');
          // The abort timer goes with the response: left to run, it kept each finished render (its
          // tree, loader data and markup) alive for its 6 s, 60 MB of a signed-in load's RSS
          // (bench/README.md change 131).
          body.once('close', () => clearTimeout(timer));
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(rendered);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    abortRender = abort;
  });
}
