// The ADR index (docs/decisions/README.md) lists every decision record, and each record says
// what it decided and its status: a newcomer reads the index first.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('../docs/decisions/', import.meta.url);
const records = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(new URL('README.md', dir), 'utf8');

describe('architecture decision records', () => {
  it('are all listed in the index, by their file', () => {
    const missing = records.filter((name) => !index.includes(`(${name})`));
    expect(missing).toEqual([]);
  });

  it('each have a title and a status line', () => {
    for (const name of records) {
      const text = readFileSync(new URL(name, dir), 'utf8');
      expect(text, name).toMatch(new RegExp(`^# ${name.slice(0, 3)}: \\S`));
      expect(text, name).toMatch(/^Status: \S/m);
    }
  });

  it('use each number once, and the index explains every number skipped', () => {
    const numbers = records.map((name) => Number(name.slice(0, 3)));
    expect(new Set(numbers).size).toBe(numbers.length);
    for (let n = 1; n < Math.max(...numbers); n++) {
      if (!numbers.includes(n)) expect(index, `ADR ${n} is missing`).toContain(String(n).padStart(3, '0'));
    }
  });
});
