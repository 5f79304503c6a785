import { describe, expect, it } from 'vitest';
import { verifiedDestination } from '../../routes/verify';
import { authDialogHref, verifyHref } from './return-links';

describe('links that come back', () => {
  it('opens the login dialog over the page the shopper is on', () => {
    expect(authDialogHref({ pathname: '/product/UHJvZHVjdDox', search: '?variant=UHJvZHVjdFZhcmlhbnQ6Mg%3D%3D' }, 'login')).toBe(
      '/product/UHJvZHVjdDox?variant=UHJvZHVjdFZhcmlhbnQ6Mg%3D%3D&open=login',
    );
    expect(authDialogHref({ pathname: '/shop', search: '?open=signup' }, 'login')).toBe('/shop?open=login');
  });

  it('verifies the email and returns to the product, query and all', () => {
    const href = verifyHref({ pathname: '/product/UHJvZHVjdDox', search: '?variant=V1&open=signup' });
    const redirect = new URL(href, 'http://shop.test').searchParams.get('redirect');
    expect(verifiedDestination(redirect)).toBe('/product/UHJvZHVjdDox?variant=V1');
  });

  it('leaves the account pages and the home page to the verify page default', () => {
    expect(verifyHref({ pathname: '/account', search: '' })).toBe('/verify');
    expect(verifyHref({ pathname: '/verify', search: '?redirect=cart' })).toBe('/verify');
    expect(verifyHref({ pathname: '/', search: '' })).toBe('/verify');
  });
});
