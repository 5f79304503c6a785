// A stored page made the same bytes for every visitor (docs/decisions/030): the
// render's CSP nonce is taken out of the body, and the CSP's `'nonce-…'` source is replaced by
// the SHA-256 hashes of exactly the inline scripts that carried that nonce. The browser then
// allows the same scripts it allowed by nonce and no other (an injected script has no
// nonce-bearing twin in these fixed bytes, so no hash), and the page can be compressed once
// when stored instead of once per hit.
import { createHash } from 'node:crypto';
import type { RecordedHead } from './recorded-response';

export type Unnonced = { body: Buffer; hashes: string[] };

const SCRIPT_OPEN = /<script(?=[\s/>])/gi;
const SCRIPT_CLOSE = /<\/script/gi;
/** One attribute of a start tag: name, then an optional value (quoted or not). */
const ATTRIBUTE = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?|\s*\//y;

/**
 * The body without its nonce attributes and the CSP hash sources of the inline scripts that
 * carried the nonce, or null when the page cannot be made nonce-free safely: the nonce left
 * somewhere else in the body, a nonce-bearing script loaded from a URL that is not the shop's
 * own path (its permission came from the nonce alone), or an unterminated script.
 */
export function unnonce(body: Buffer, nonce: string): Unnonced | null {
  if (!nonce) return { body, hashes: [] };
  // latin1: one character per byte, so positions are byte offsets and tags are ASCII.
  const html = body.toString('latin1');
  const hashes: string[] = [];
  const kept: Buffer[] = [];
  let copiedTo = 0;
  SCRIPT_OPEN.lastIndex = 0;
  for (let open = SCRIPT_OPEN.exec(html); open; open = SCRIPT_OPEN.exec(html)) {
    const tag = startTag(html, open.index + open[0].length);
    if (!tag) return null;
    SCRIPT_CLOSE.lastIndex = tag.end;
    const close = SCRIPT_CLOSE.exec(html);
    if (!close) return null;
    const nonced = tag.attributes.get('nonce') === nonce;
    if (nonced) {
      const src = tag.attributes.get('src');
      if (src !== undefined && !(src.startsWith('/') && !src.startsWith('//'))) return null;
      if (src === undefined) hashes.push(`'sha256-${createHash('sha256').update(body.subarray(tag.end, close.index)).digest('base64')}'`);
    }
    SCRIPT_OPEN.lastIndex = close.index;
  }
  // Every nonce attribute goes (scripts, modulepreload links); nothing else may hold the nonce.
  const attribute = ` nonce="${nonce}"`;
  for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, copiedTo)) {
    kept.push(body.subarray(copiedTo, at));
    copiedTo = at + attribute.length;
  }
  kept.push(body.subarray(copiedTo));
  const unnonced = kept.length === 1 ? body : Buffer.concat(kept);
  if (unnonced.includes(nonce)) return null;
  return { body: unnonced, hashes: [...new Set(hashes)] };
}

/** A start tag's attributes (lower-case names) and the offset after its `>`, from after its name. */
function startTag(html: string, from: number): { attributes: Map<string, string>; end: number } | null {
  const attributes = new Map<string, string>();
  let at = from;
  for (;;) {
    while (at < html.length && /\s/.test(html[at] as string)) at += 1;
    if (at >= html.length) return null;
    if (html[at] === '>') return { attributes, end: at + 1 };
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(html);
    if (!match || match[0].length === 0) return null;
    if (match[1] && !attributes.has(match[1].toLowerCase())) attributes.set(match[1].toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
    at = ATTRIBUTE.lastIndex;
  }
}

/**
 * A CSP header line with the render's `'nonce-…'` source replaced by the hash sources (or just
 * removed when there are none); null when the nonce stands anywhere else in it.
 */
export function cspWithHashes(line: string, nonce: string, hashes: string[]): string | null {
  const source = `'nonce-${nonce}'`;
  const replaced = line.split(hashes.length ? source : ` ${source}`).join(hashes.join(' '));
  return replaced.includes(nonce) ? null : replaced;
}

/**
 * A recorded head (cut at the nonce) made nonce-free: the CSP's nonce source replaced by the
 * hashes; null when the nonce stands in any other header (nothing else should carry it).
 */
export function headWithHashes(head: RecordedHead, nonce: string, hashes: string[]): RecordedHead | null {
  const headers: RecordedHead['headers'] = [];
  for (const [name, lines] of head.headers) {
    const fixed: string[][] = [];
    for (const parts of lines) {
      if (parts.length === 1) fixed.push(parts);
      else if (name.toLowerCase() !== 'content-security-policy') return null;
      else {
        const line = cspWithHashes(parts.join(nonce), nonce, hashes);
        if (line === null) return null;
        fixed.push([line]);
      }
    }
    headers.push([name, fixed]);
  }
  return { status: head.status, headers };
}
