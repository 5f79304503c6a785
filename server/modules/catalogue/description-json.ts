// Product.descriptionJson: the product's description (sanitised HTML, the one thing staff edit)
// as rich-text blocks in Editor.js's shape, for clients that render blocks rather than HTML
// (ADR 044). Derived on read, so it can never disagree with `description`.
//
// The HTML is the sanitiser's output (content.service.ts): well-formed, attribute values
// escaped, only the content tags. So a flat scan of its tags is enough, and it is iterative:
// however deeply a description nests, nothing here recurses.

export type DescriptionBlock =
  | { type: 'paragraph'; data: { text: string } }
  | { type: 'header'; data: { text: string; level: number } }
  | { type: 'list'; data: { style: 'ordered' | 'unordered'; items: string[] } }
  | { type: 'quote'; data: { text: string } }
  | { type: 'delimiter'; data: Record<string, never> }
  | { type: 'raw'; data: { html: string } };

const VOID_TAGS = new Set(['br', 'hr', 'img', 'wbr']);
const BLOCK_TAGS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'blockquote', 'hr', 'table', 'dl', 'pre']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;

type Piece = { tag: string | null; inner: string; outer: string };

/**
 * The top-level pieces of an HTML fragment: each element whose tag is in `blocks` (with its
 * inner and outer HTML), and the inline runs between them (tag null). Unbalanced closing tags
 * are taken as text of the run they are in.
 */
function topLevel(html: string, blocks: Set<string>): Piece[] {
  const pieces: Piece[] = [];
  let runStart = 0;
  let open: { tag: string; start: number; innerStart: number; depth: number } | null = null;
  const flushRun = (end: number) => {
    const text = html.slice(runStart, end);
    if (text.trim() !== '') pieces.push({ tag: null, inner: text.trim(), outer: text });
  };
  for (const match of html.matchAll(TAG)) {
    const [whole, closing, rawTag] = match;
    const tag = rawTag!.toLowerCase();
    const at = match.index;
    if (open) {
      if (tag !== open.tag) continue;
      if (!closing) open.depth += 1;
      else if (--open.depth === 0) {
        pieces.push({ tag, inner: html.slice(open.innerStart, at), outer: html.slice(open.start, at + whole.length) });
        open = null;
        runStart = at + whole.length;
      }
      continue;
    }
    if (closing || !blocks.has(tag)) continue;
    flushRun(at);
    if (VOID_TAGS.has(tag)) {
      pieces.push({ tag, inner: '', outer: whole });
      runStart = at + whole.length;
    } else {
      open = { tag, start: at, innerStart: at + whole.length, depth: 1 };
    }
  }
  if (open) pieces.push({ tag: open.tag, inner: html.slice(open.innerStart), outer: html.slice(open.start) });
  else flushRun(html.length);
  return pieces;
}

/** A top-level inline run split at its <br>s into paragraphs. */
function paragraphsOf(run: string): DescriptionBlock[] {
  return run
    .split(/<br\s*\/?>/i)
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .map((text) => ({ type: 'paragraph', data: { text } }));
}

export function descriptionBlocks(html: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [];
  for (const piece of topLevel(html, BLOCK_TAGS)) {
    const text = piece.inner.trim();
    switch (piece.tag) {
      case null:
        blocks.push(...paragraphsOf(piece.inner));
        break;
      case 'p':
      case 'div':
        if (text !== '') blocks.push({ type: 'paragraph', data: { text } });
        break;
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        blocks.push({ type: 'header', data: { text, level: Number(piece.tag[1]) } });
        break;
      case 'ul':
      case 'ol':
        blocks.push({
          type: 'list',
          data: {
            style: piece.tag === 'ol' ? 'ordered' : 'unordered',
            items: topLevel(piece.inner, new Set(['li'])).filter((item) => item.tag === 'li').map((item) => item.inner.trim()),
          },
        });
        break;
      case 'blockquote':
        blocks.push({ type: 'quote', data: { text } });
        break;
      case 'hr':
        blocks.push({ type: 'delimiter', data: {} });
        break;
      default:
        blocks.push({ type: 'raw', data: { html: piece.outer } });
    }
  }
  return blocks;
}

/** The JSON text of Product.descriptionJson: `{"blocks":[...]}`. */
export function descriptionJson(html: string): string {
  return JSON.stringify({ blocks: descriptionBlocks(html) });
}
