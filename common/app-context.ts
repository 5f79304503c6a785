import type { ApiClient } from './graphql-operation';

/** What the server hands every route loader and action (React Router's load context). */
export type AppContext = {
  api: ApiClient;
  cspNonce: string;
  publicUrl: string;
  requestId: string;
  secureCookies: boolean;
  /**
   * Where pages' stored <main> markup is kept (app/lib/main-fragment.server.ts, ADR 028): the
   * server's store, bounded by MAIN_FRAGMENT_CACHE_MB; absent, the renderer's own default.
   */
  mainFragments?: MainFragmentStore;
};

/** A page's <main> markup by key, cut at the render's nonce (an LRU bounded by bytes). */
export type MainFragmentStore = {
  get(key: string): string[] | undefined;
  set(key: string, parts: string[]): unknown;
};
