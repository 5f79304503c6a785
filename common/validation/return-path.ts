// Where a shopper goes back to after an account step that began on another page (signing up
// on a product page, then opening the verification link): a path on this shop, never an
// address elsewhere, so neither a form nor a link can send anyone off the site.

/** The page a verification returns to anyway; a path naming it needs no return. */
const ACCOUNT_HOME = '/account';

/**
 * `value` as a same-origin path with its query ('/product/UHJ...?color=Black'), or null when it
 * is not one: another site ('//evil.example', 'https://...'), a backslash trick, a control
 * character, the home page or /verify itself (a loop).
 */
export function localReturnPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || hasControlCharacter(path)) return null;
  const base = 'http://suki.invalid';
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const local = `${url.pathname}${url.search}`;
  if (local === '/' || /^\/verify(\/|$|\?)/.test(local)) return null;
  if (local === ACCOUNT_HOME) return null;
  return local;
}

/** A C0 control character or DEL anywhere in the text (a header or log line could be split by one). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
