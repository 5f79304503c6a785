import { createContext, useContext } from 'react';

// The page's <main> content as stored markup, when the server has it for this request
// (app/lib/main-fragment.server.ts). Always null in the browser: the client renders and hydrates
// the route as usual, over the same bytes.
const CachedMainContext = createContext<string | null>(null);

export const CachedMainProvider = CachedMainContext.Provider;

export function useCachedMain(): string | null {
  return useContext(CachedMainContext);
}

/**
 * A route module's `handle` that lets its <main> markup be stored and served again
 * (app/lib/main-fragment.server.ts). Set it only when everything the route's components render
 * inside <main> depends on nothing but the loader data of the page's routes (the root's
 * excepted), the URL, whether someone is signed in and the CSP nonce: never on the viewer's
 * name, cart, cookies or the time.
 */
export type MainFragmentHandle = { mainFromLoaderData?: boolean };
