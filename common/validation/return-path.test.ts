import { describe, expect, it } from 'vitest';
import { localReturnPath } from './return-path';

describe('localReturnPath', () => {
  it('keeps a path on this shop with its query', () => {
    expect(localReturnPath('/product/UHJvZHVjdDox')).toBe('/product/UHJvZHVjdDox');
    expect(localReturnPath(' /shop?sort=price ')).toBe('/shop?sort=price');
    expect(localReturnPath('/product/1#reviews')).toBe('/product/1');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'product/1',
      '/x\n/y',
      '/%0a',
      '',
      null,
      undefined,
      42,
    ]) {
      const path = localReturnPath(value);
      if (path !== null) expect(new URL(path, 'https://shop.test').origin).toBe('https://shop.test');
      if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || value.includes('\n')) {
        expect(path).toBeNull();
      }
    }
  });

  it('needs no return for the home page, the account or the verify page itself', () => {
    expect(localReturnPath('/')).toBeNull();
    expect(localReturnPath('/account')).toBeNull();
    expect(localReturnPath('/verify?redirect=product/1')).toBeNull();
  });
});
