// The checkout's root directory, found the same way whether this code runs from its
// TypeScript sources (tsx, Vitest) or from the production bundle in dist/: the nearest
// folder above this file that holds the shop's package.json.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'suki') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no Suki package.json above ${start}`);
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
