// Per-page SEO tags: title, description, canonical URL and Open Graph, from one place.
import type { MetaDescriptor } from 'react-router';
import { SHOP_NAME } from '../../../common/shop-info';

export type SeoInput = {
  title: string;
  description: string;
  /** Absolute canonical URL (context.publicUrl + path). */
  url?: string | null;
  image?: string | null;
  type?: 'website' | 'product';
};

export function seoMeta({ title, description, url, image, type = 'website' }: SeoInput): MetaDescriptor[] {
  const fullTitle = title.includes(SHOP_NAME) ? title : `${title} | ${SHOP_NAME}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: SHOP_NAME },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
  if (url) {
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  if (image) tags.push({ property: 'og:image', content: image });
  return tags;
}

/** Canonical URL for a path on this shop, without tracking or paging parameters. */
export function canonicalUrl(publicUrl: string, path: string, keep?: URLSearchParams): string {
  const search = keep && [...keep.keys()].length > 0 ? `?${keep.toString()}` : '';
  return `${publicUrl}${path}${search}`;
}

/** Makes a media path absolute for Open Graph and JSON-LD. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string | null | undefined): string | null {
  if (!pathOrUrl) return null;
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export function plainText(html: string | null | undefined, max = 160): string {
  const text = (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
