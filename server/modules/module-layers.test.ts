// The modules' one-way rule (docs/decisions/046-one-way-modules.md): a module imports only the
// modules below it. Read from the import statements of every module file (tests and their
// fixtures excepted: they may set up a whole shop), so a new upward import fails here with the
// file, the module it reaches and what to do instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Lowest first. A module may import the modules before it in this list, never those after. */
const LAYERS: readonly (readonly string[])[] = [
  ['system', 'notifications'], // infrastructure: staff access, domain events, email
  ['accounts'],
  ['catalogue'],
  ['content', 'tires', 'watchlist', 'push'], // what stands on the catalogue and the accounts
  ['payments'],
  ['orders'],
  ['checkout'],
  ['reviews', 'referrals'], // what stands on orders and payments
  ['compliance'], // the law's paperwork on sales, payouts and personal data
  ['staff'], // the back office's own screens
];

/**
 * Upward imports excused, each with its reason in ADR 046. None today: keep it that way. The
 * list may only shrink: an entry no longer imported fails too.
 */
const KNOWN_UPWARD = new Set<string>([]);

const MODULES_DIR = path.resolve(import.meta.dirname);
const layerOf = new Map(LAYERS.flatMap((modules, layer) => modules.map((m) => [m, layer] as const)));

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.fixtures.ts') ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(from), specifier);
  return target.endsWith('.ts') || target.endsWith('.tsx') ? target : `${target}.ts`;
}

type Edge = { from: string; to: string; fromModule: string; toModule: string };

function crossModuleImports(): Edge[] {
  const edges: Edge[] = [];
  for (const file of moduleFiles(MODULES_DIR)) {
    const relative = path.relative(MODULES_DIR, file);
    // wiring.ts is the registry above every module: it loads their reactions.
    if (!relative.includes(path.sep)) continue;
    const fromModule = relative.split(path.sep)[0]!;
    for (const imported of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const target = resolveImport(file, imported.fileName);
      if (!target || !target.startsWith(MODULES_DIR + path.sep)) continue;
      const to = path.relative(MODULES_DIR, target);
      const toModule = to.split(path.sep)[0]!;
      if (toModule !== fromModule) edges.push({ from: relative, to, fromModule, toModule });
    }
  }
  return edges;
}

describe('module layers', () => {
  const edges = crossModuleImports();

  it('places every module in a layer', () => {
    const modules = readdirSync(MODULES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(modules.filter((m) => !layerOf.has(m)), 'add the new module to LAYERS here and in docs/architecture.md').toEqual([]);
  });

  it('has no module importing one above it', () => {
    const upward = edges
      .filter((e) => layerOf.get(e.toModule)! > layerOf.get(e.fromModule)!)
      .map((e) => `${e.from} -> ${e.to}`)
      .filter((e) => !KNOWN_UPWARD.has(e));
    expect(
      upward,
      'a lower module must not import a higher one: raise an event or ask a port of the lower module (server/modules/system/domain-events.ts), or move the code up',
    ).toEqual([]);
  });

  it('still needs every upward import it excuses (fixed ones leave the list)', () => {
    const present = new Set(edges.map((e) => `${e.from} -> ${e.to}`));
    expect([...KNOWN_UPWARD].filter((e) => !present.has(e))).toEqual([]);
  });

  it('finds the imports it checks (a parser that reads nothing would pass everything)', () => {
    expect(edges.some((e) => e.fromModule === 'orders' && e.toModule === 'catalogue')).toBe(true);
    expect(edges.length).toBeGreaterThan(100);
  });
});
