// Figures the suite measured, printed at the end and written to hardening/results/ so the
// closing note and the README can quote a run.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';

/** A recorder for one test file; call at the file's top level. */
export function createReport(name: string): (test: string, figures: Record<string, unknown>) => void {
  const rows: { test: string; figures: Record<string, unknown> }[] = [];
  afterAll(() => {
    if (rows.length === 0) return;
    const dir = path.resolve('hardening/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`);
    for (const row of rows) console.log(`[hardening] ${name} ${row.test}: ${JSON.stringify(row.figures)}`);
  });
  return (test, figures) => void rows.push({ test, figures });
}
