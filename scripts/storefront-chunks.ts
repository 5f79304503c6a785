// How the browser build groups the storefront's modules into chunks (vite.config.ts), apart from
// the framework chunk. Left to itself the bundler makes a chunk of every set of routes sharing a
// module: a product page loaded 31 files, most under 2 KB, and Lighthouse's simulated phone
// network pays a round trip for each batch of six (bench/README.md change 159). Two groups, each
// costing no page bytes it would not load anyway:
// - `shell`: everything the root route and the client entry import (every page loads it all);
// - `catalogue`: what only the catalogue's pages share (home, shop, tire search, product,
//   categories, brands), never what the cart, checkout or account pages also use, so their first
//   load is unchanged. The back office may load it (it has no first-load budget).
import type { Plugin } from 'vite';

/** The part of the bundler's chunking context read here: a module's static imports. */
export type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
export type ChunkName = (id: string, graph: ModuleGraph) => string | null;

/** React Router's browser build of a route module ends so; the root's and the entry's start the shell. */
const CLIENT_ROUTE = /\?__react-router-build-client-route$/;
const SHELL_ROOT = /[\\/]app[\\/]root\.tsx\?__react-router-build-client-route$|[\\/]entry\.client\.tsx$/;
/** Route modules whose pages are the catalogue's (a visitor's browsing): they share the cards. */
const CATALOGUE_ROUTE = /[\\/]app[\\/]routes[\\/](home|shop|tire-search|product|categories|brands)\.tsx\?/;
const STAFF_ROUTE = /[\\/]app[\\/]routes[\\/]staff/;

function reachable(from: string[], graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** Each grouped module's chunk name, from the entry points seen while the graph was built. */
export function planChunks(shellRoots: string[], routeModules: string[], graph: ModuleGraph, isFramework: (id: string) => boolean): Map<string, 'shell' | 'catalogue'> {
  const chunks = new Map<string, 'shell' | 'catalogue'>();
  const shell = reachable(shellRoots, graph);
  // The entry points keep their own chunks: the client entry's body is the hydration, which must
  // run when React Router's inline script imports it, not when a route's chunk loads the shell.
  for (const id of shell) if (!isFramework(id) && !shellRoots.includes(id)) chunks.set(id, 'shell');
  // Which storefront routes use each module outside the shell.
  const users = new Map<string, { catalogue: number; other: number }>();
  for (const route of routeModules) {
    if (STAFF_ROUTE.test(route)) continue;
    const catalogue = CATALOGUE_ROUTE.test(route);
    for (const id of reachable([route], graph)) {
      if (shell.has(id) || id === route) continue;
      const count = users.get(id) ?? { catalogue: 0, other: 0 };
      if (catalogue) count.catalogue += 1;
      else count.other += 1;
      users.set(id, count);
    }
  }
  // A captured module's imports go into its chunk with it (the bundler keeps execution order so),
  // so a module joins the catalogue only when everything it imports outside the shell and the
  // framework is the catalogue's alone.
  const catalogueOnly = (id: string) => isFramework(id) || shell.has(id) || users.get(id)?.other === 0;
  for (const [id, count] of users) {
    if (count.other === 0 && count.catalogue >= 2 && [...reachable([id], graph)].every(catalogueOnly)) chunks.set(id, 'catalogue');
  }
  return chunks;
}

/** The plugin that records the entry points, and the two groups' name functions. */
export function storefrontChunks(isFramework: (id: string) => boolean): { plugin: Plugin; shell: ChunkName; catalogue: ChunkName } {
  const shellRoots: string[] = [];
  const routeModules: string[] = [];
  let plan: Map<string, 'shell' | 'catalogue'> | null = null;
  // The whole graph is parsed before chunking starts: planned once, on the first module asked.
  const chunkOf = (id: string, graph: ModuleGraph) => (plan ??= planChunks(shellRoots, routeModules, graph, isFramework)).get(id);
  return {
    plugin: {
      name: 'suki-storefront-chunks',
      apply: 'build',
      moduleParsed(info) {
        if (SHELL_ROOT.test(info.id)) shellRoots.push(info.id);
        else if (CLIENT_ROUTE.test(info.id)) routeModules.push(info.id);
      },
    },
    shell: (id, graph) => (chunkOf(id, graph) === 'shell' ? 'shell' : null),
    catalogue: (id, graph) => (chunkOf(id, graph) === 'catalogue' ? 'catalogue' : null),
  };
}
