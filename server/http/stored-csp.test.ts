// ADR 030: a stored page is nonce-free; its CSP allows by hash exactly the inline scripts that
// carried the render's nonce.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cspWithHashes, headWithHashes, unnonce } from './stored-csp';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('unnonce', () => {
  it('takes every nonce attribute out and hashes the nonce-bearing inline scripts, byte for byte', () => {
    const html = '<html><head><link rel="modulepreload" href="/assets/a.js" nonce="N1"/><script nonce="N1">window.a="ñ₱";</script>'
      + '<script type="module" nonce="N1">import "/assets/b.js";</script><script src="/assets/c.js" nonce="N1"></script></head>'
      + '<body><script type="application/ld+json">{"a":1}</script><SCRIPT nonce="N1" >x()</SCRIPT></body></html>';
    const result = unnonce(Buffer.from(html, 'utf8'), 'N1');
    expect(result).not.toBeNull();
    expect(result!.body.toString('utf8')).toBe(html.split(' nonce="N1"').join(''));
    expect(result!.hashes).toEqual([hash('window.a="ñ₱";'), hash('import "/assets/b.js";'), hash('x()')]);
  });

  it('gives no hash to an inline script without the nonce (an injected one stays refused)', () => {
    const html = '<script nonce="N1">ok()</script><p><script>evil()</script></p><script nonce="other">evil()</script>';
    expect(unnonce(Buffer.from(html), 'N1')!.hashes).toEqual([hash('ok()')]);
  });

  it('refuses a page it cannot make nonce-free safely', () => {
    // The nonce elsewhere than in a nonce attribute.
    expect(unnonce(Buffer.from('<script nonce="N1">a("N1")</script>'), 'N1')).toBeNull();
    // A nonce-bearing script from another origin: only the nonce allowed it.
    expect(unnonce(Buffer.from('<script src="https://cdn.example/x.js" nonce="N1"></script>'), 'N1')).toBeNull();
    expect(unnonce(Buffer.from('<script src="//cdn.example/x.js" nonce="N1"></script>'), 'N1')).toBeNull();
    // An unterminated script or start tag.
    expect(unnonce(Buffer.from('<script nonce="N1">a()'), 'N1')).toBeNull();
    expect(unnonce(Buffer.from('<script nonce="N1"'), 'N1')).toBeNull();
  });
});

describe('the stored CSP', () => {
  it('replaces the nonce source with the hashes, or drops it when there are none', () => {
    const line = "default-src 'self';script-src 'self' 'nonce-N1';style-src 'self'";
    expect(cspWithHashes(line, 'N1', ["'sha256-a'", "'sha256-b'"])).toBe("default-src 'self';script-src 'self' 'sha256-a' 'sha256-b';style-src 'self'");
    expect(cspWithHashes(line, 'N1', [])).toBe("default-src 'self';script-src 'self';style-src 'self'");
  });

  it('refuses a head with the nonce in another header', () => {
    const head = { status: 200, headers: [['Content-Security-Policy', [["script-src 'self' 'nonce-", "'"]]], ['X-Other', [['a', 'b']]]] as [string, string[][]][] };
    expect(headWithHashes(head, 'N1', [])).toBeNull();
    const fine = { status: 200, headers: [head.headers[0]!, ['X-Other', [['plain']]]] as [string, string[][]][] };
    expect(headWithHashes(fine, 'N1', ["'sha256-a'"])).toEqual({ status: 200, headers: [['Content-Security-Policy', [["script-src 'self' 'sha256-a'"]]], ['X-Other', [['plain']]]] });
  });
});
