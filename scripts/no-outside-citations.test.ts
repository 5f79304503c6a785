// Comments point inside the repository: to the rulebook (docs/product/), an ADR (docs/decisions/)
// or a file, never to a document a newcomer does not have (the product specification the shop was
// built from, the owner's decisions page, an issue number). The rules those documents held are in
// docs/product/, and the old citations were repointed there when it was written.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['server', 'app', 'common', 'e2e', 'hardening', 'scripts', 'bench'];
const EXTENSIONS = /\.(ts|tsx|mjs|js|cjs|css)$/;
/** Generated code, and migrations, which are never edited once written. */
const SKIPPED = /(^|\/)(node_modules|build|dist|\.react-router|generated)(\/|$)|^server\/db\/migrations\//;

// Written in pieces so that this file does not match itself: the short word for the product
// specification in any form, the decisions page, the shared folder, an issue number.
const SPEC = 'sp' + 'ec';
const OUTSIDE = [
  String.raw`\b${SPEC}\b`,
  'DECISIONS' + String.raw`\.md`,
  String.raw`\.\./shared\b`,
  String.raw`\b${'iss' + 'ue'}s?\s#?\d+`,
].join('|');
const CITATION = new RegExp(OUTSIDE, 'i');
/** Anywhere in a line, strings included (a GraphQL description is documentation too). */
const CITATION_ANYWHERE = new RegExp([String.raw`\b${SPEC}\s?[12]\b`, 'DECISIONS' + String.raw`\.md`, String.raw`\.\./shared\b`].join('|'), 'i');

const COMMENT_LINE = /^\s*(\/\/|\/\*|\*|\{\/\*)/;
const TEST_TITLE = /^\s*(?:it|describe|test)(?:\.each\b.*)?\(|^\s*\]\)\(|^\s*(['"])[^'"]*\1,\s*$/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (SKIPPED.test(path)) continue;
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (EXTENSIONS.test(entry.name)) out.push(path);
  }
  return out;
}

/** The part of a line that is a comment (or, in a test file, a test's title), or null. */
export function commentOf(line: string, path: string): string | null {
  if (COMMENT_LINE.test(line)) return line;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (line.startsWith('//', i) && line[i - 1] !== ':') return line.slice(i);
    else if (line.startsWith('/*', i)) return line.slice(i);
  }
  return path.includes('.test.') && TEST_TITLE.test(line) ? line : null;
}

function citationsIn(path: string): string[] {
  const found: string[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, n) => {
      const comment = commentOf(line, path);
      if ((comment !== null && CITATION.test(comment)) || CITATION_ANYWHERE.test(line)) {
        found.push(`${path}:${n + 1}: ${line.trim().slice(0, 140)}`);
      }
    });
  return found;
}

/** GitHub's anchor of a markdown heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .replace(/^#+\s*/, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

describe('comments cite only what is in the repository', () => {
  it('every pointer into the rulebook names a page and heading that exist', () => {
    const missing: string[] = [];
    for (const path of ROOTS.flatMap((root) => sourceFiles(root))) {
      for (const [, page, anchor] of readFileSync(path, 'utf8').matchAll(/docs\/product\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
        let text: string;
        try {
          text = readFileSync(join('docs/product', page!), 'utf8');
        } catch {
          missing.push(`${path}: docs/product/${page}`);
          continue;
        }
        const anchors = text.split('\n').filter((l) => l.startsWith('#')).map(anchorOf);
        if (anchor && !anchors.includes(anchor)) missing.push(`${path}: docs/product/${page}#${anchor}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds a citation where there is one, and none in ordinary words', () => {
    const cites = (line: string, path = 'x.ts') => {
      const comment = commentOf(line, path);
      return (comment !== null && CITATION.test(comment)) || CITATION_ANYWHERE.test(line);
    };
    const issue = 'iss' + 'ue';
    expect(cites(`// The rules (${SPEC} 1 section 5).`)).toBe(true);
    expect(cites(`  /** in the ${SPEC}'s words */`)).toBe(true);
    expect(cites(`// (${issue} 14: at most 150 KB)`)).toBe(true);
    expect(cites(`const x = 1; // per DECISIONS${'.md'}`)).toBe(true);
    expect(cites(`description: 'The label of ${SPEC} 1.',`)).toBe(true);
    expect(cites(`  it('refuses with the ${SPEC} message', () => {`, 'x.test.ts')).toBe(true);
    expect(cites(`  const m = 'with the ${SPEC} message';`)).toBe(false);
    expect(cites('// The rules (docs/product/accounts.md#addresses); a specific inspection.')).toBe(false);
    expect(cites("const text = 'No issue here';")).toBe(false);
    expect(cites('const FLAG_DECISIONS = [];')).toBe(false);
  });

  it('no comment, test title or description cites the product specification, the decisions page or an issue', () => {
    const found = ROOTS.flatMap((root) => sourceFiles(root)).flatMap(citationsIn);
    expect(found, 'point these to docs/product/ or docs/decisions/ (see docs/product/README.md)').toEqual([]);
  });
});
