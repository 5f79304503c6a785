// `npx tsx bench/js-budget.ts [build/client]`: each storefront route's first-load JavaScript,
// gzipped, against the 150 KB goal. It reads React Router's browser manifest
// (build/client/assets/manifest-*.js), which the framework derives from Vite's
// .vite/manifest.json and which lists exactly what a first load fetches: the client entry and,
// for every matched route from root down, its module and its <link rel="modulepreload"> set.
// Dynamic imports (the dialogs, React.lazy) are not in that set, so they do not count.
// Each file is gzipped at the level the shop's compression middleware uses (zlib's default, 6).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET_KB = 150;

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; hasDefaultExport?: boolean; module: string; imports?: string[] };
type BrowserManifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export type RouteBudget = { route: string; files: number; gzipKb: number; overBudget: boolean };

function readManifest(clientDir: string): BrowserManifest {
  const assets = path.join(clientDir, 'assets');
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}: run npm run build first`);
  const source = readFileSync(path.join(assets, file), 'utf8');
  const json = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1);
  return JSON.parse(json) as BrowserManifest;
}

/** A route's URL pattern from its ancestors' paths, e.g. "/account/orders". */
function urlOf(routes: Record<string, ManifestRoute>, route: ManifestRoute): string {
  const parts: string[] = [];
  for (let current: ManifestRoute | undefined = route; current; current = current.parentId ? routes[current.parentId] : undefined) {
    if (current.path) parts.unshift(current.path);
  }
  return `/${parts.join('/')}`;
}

export function measureRoutes(clientDir: string): RouteBudget[] {
  const manifest = readManifest(clientDir);
  const gzipSizes = new Map<string, number>();
  const gzipped = (url: string): number => {
    let size = gzipSizes.get(url);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(clientDir, url))).length;
      gzipSizes.set(url, size);
    }
    return size;
  };
  const rows: RouteBudget[] = [];
  for (const route of Object.values(manifest.routes)) {
    const leaf = !Object.values(manifest.routes).some((other) => other.parentId === route.id);
    // Layout routes (root, account) are measured through their children; the back office and
    // resource routes (no component: sitemaps, the PDF card) are not storefront pages.
    if (!leaf || !route.hasDefaultExport || urlOf(manifest.routes, route).startsWith('/staff')) continue;
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    for (let current: ManifestRoute | undefined = route; current; current = current.parentId ? manifest.routes[current.parentId] : undefined) {
      files.add(current.module);
      for (const url of current.imports ?? []) files.add(url);
    }
    const bytes = [...files].reduce((sum, url) => sum + gzipped(url), 0);
    const gzipKb = Math.round((bytes / 1024) * 10) / 10;
    rows.push({ route: `${urlOf(manifest.routes, route)} (${route.id})`, files: files.size, gzipKb, overBudget: gzipKb > FIRST_LOAD_BUDGET_KB });
  }
  return rows.sort((a, b) => b.gzipKb - a.gzipKb);
}

export function budgetTable(rows: RouteBudget[]): string[] {
  return [
    `| route | files | first-load JS KB gzipped (goal ≤ ${FIRST_LOAD_BUDGET_KB}) |`,
    '|---|---|---|',
    ...rows.map((row) => `| ${row.route} | ${row.files} | ${row.gzipKb}${row.overBudget ? ' (over)' : ''} |`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'build', 'client'));
  console.log(budgetTable(measureRoutes(clientDir)).join('\n'));
}
