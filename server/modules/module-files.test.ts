// How module files are named (docs/architecture.md): one suffix per role, so a reader knows
// from the name which files change data, and one word for the back office.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = path.resolve(import.meta.dirname);
const files = (readdirSync(MODULES_DIR, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

/** The roles a file that writes may have: a service, or a named edge of the module. */
const WRITING_ROLES = ['.service.ts', '.seed.ts', '.fixtures.ts', '.provider.ts', '.router.ts', '.http.ts', '.gateway.ts', '.reactions.ts'];
// A write through drizzle: insert/update/delete (or a transaction) in a file that reads a table definition.
const writes = (text: string) => /^import (?!type )[^;]*from '[^']*\.tables'/m.test(text) && /\.(insert|update|delete)\(|\.transaction\(/.test(text);

describe('module file names', () => {
  it('give every file that writes to the database a role suffix (.service.ts for the business rules)', () => {
    const unnamed = files.filter((f) => writes(readFileSync(path.join(MODULES_DIR, f), 'utf8')) && !WRITING_ROLES.some((role) => f.endsWith(role)));
    expect(unnamed, 'name a file that writes *.service.ts (or its edge role: provider, router, http, gateway, seed, fixtures)').toEqual([]);
  });

  it("call the back office 'staff': *-staff, never *-admin", () => {
    expect(files.filter((f) => /-admin\b|(^|\/)admin-/.test(f))).toEqual([]);
    expect(files.filter((f) => /(^|\/)staff-/.test(f) && !f.startsWith(`staff${path.sep}`) && !f.startsWith('system/staff-access'))).toEqual([]);
  });

  it('finds files that write (a check that reads nothing would pass everything)', () => {
    expect(files.filter((f) => writes(readFileSync(path.join(MODULES_DIR, f), 'utf8'))).length).toBeGreaterThan(30);
  });
});
