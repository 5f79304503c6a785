import { describe, expect, it } from 'vitest';
import { absoluteUrl, plainText, seoMeta } from './seo';
import { urlSet } from './sitemap';

describe('SEO tags', () => {
  it('gives title, description, canonical and Open Graph', () => {
    const tags = seoMeta({ title: 'Mobile Phones', description: 'Phones in pesos', url: 'https://suki.ph/shop/category/1', image: 'https://suki.ph/a.webp' });
    expect(tags).toContainEqual({ title: 'Mobile Phones | Suki' });
    expect(tags).toContainEqual({ name: 'description', content: 'Phones in pesos' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://suki.ph/shop/category/1' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://suki.ph/shop/category/1' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://suki.ph/a.webp' });
  });

  it('does not repeat the shop name', () => {
    expect(seoMeta({ title: 'Suki | Home', description: 'x' })[0]).toEqual({ title: 'Suki | Home' });
  });

  it('turns description HTML into short plain text', () => {
    expect(plainText('<p>Brand&nbsp;new <b>iPhone</b></p>')).toBe('Brand new iPhone');
    expect(plainText('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('makes media paths absolute', () => {
    expect(absoluteUrl('https://suki.ph', '/media/a.webp')).toBe('https://suki.ph/media/a.webp');
    expect(absoluteUrl('https://suki.ph', 'https://cdn.example/a.webp')).toBe('https://cdn.example/a.webp');
    expect(absoluteUrl('https://suki.ph', null)).toBeNull();
  });
});

describe('sitemap', () => {
  it('escapes locations', () => {
    expect(urlSet(['https://suki.ph/shop?a=1&b=2'])).toContain('<loc>https://suki.ph/shop?a=1&amp;b=2</loc>');
  });
});
