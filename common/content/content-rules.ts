// Staff-edited storefront content: the rules the back office's forms and the content
// service both check, so a form shows the same message the API would answer.
import { z } from 'zod';

export const CONTENT_MESSAGES = {
  required: 'Please fill in the important details.',
  link: 'Please enter a shop path (starting with /) or an address starting with https://.',
  rating: 'Please choose a rating from 1 to 5.',
  image: 'Please upload an image (JPEG, PNG or WebP, up to 5 MB).',
  notFound: 'Content not found.',
  reorder: 'Please list every item once to reorder.',
  pageUnknown: 'Content page not found.',
} as const;

/**
 * The pages staff edit, with the storefront path each is shown at. terms, faqs and faq-trade-in
 * always come from the database; privacy-policy and about are built into the shop and a saved
 * page replaces the built-in text (docs/product/content.md#content-pages).
 */
export const CONTENT_PAGES = [
  { slug: 'terms', label: 'Terms and Conditions', path: '/terms-conditions' },
  { slug: 'faqs', label: 'FAQ', path: '/faqs' },
  { slug: 'faq-trade-in', label: 'Trade-in FAQ', path: '/faq-trade-in' },
  { slug: 'privacy-policy', label: 'Privacy Policy', path: '/privacy-policy' },
  { slug: 'about', label: 'About', path: '/about' },
] as const;

export type ContentPageSlug = (typeof CONTENT_PAGES)[number]['slug'];
export const CONTENT_PAGE_SLUGS = CONTENT_PAGES.map((p) => p.slug) as [ContentPageSlug, ...ContentPageSlug[]];

/**
 * What content pages may hold: structure and links, nothing that runs. The server's sanitiser
 * (content.service.ts) enforces it; the editor cleans pasted HTML to the same list.
 */
export const CONTENT_ALLOWED_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u',
  'a', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'div', 'dl', 'dt', 'dd',
] as const;
export const CONTENT_ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
export const CONTENT_ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** Uploaded images: the same 5,000,000-byte limit as the other uploads. */
export const CONTENT_IMAGE_MAX_BYTES = 5_000_000;
export const CONTENT_PAGE_MAX_LENGTH = 200_000;

/** A path inside the shop ('/shop/...', never '//host') or an http(s) address; empty: no link. */
export function isContentLink(value: string): boolean {
  if (value === '') return true;
  if (/^\/(?![/\\])[^\s]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(value);
  } catch {
    return false;
  }
}

const text = (max: number) => z.string().trim().max(max, CONTENT_MESSAGES.required);
const requiredText = (max: number) => text(max).min(1, CONTENT_MESSAGES.required);
const link = z.string().trim().max(2048, CONTENT_MESSAGES.link).refine(isContentLink, CONTENT_MESSAGES.link);

export const bannerSchema = z.object({
  alt: requiredText(255),
  buttonLabel: text(60).default(''),
  buttonLink: link.default(''),
  isActive: z.boolean().default(true),
});

export const announcementModalSchema = z.object({
  name: requiredText(120),
  alt: requiredText(255),
  modalLink: link.default(''),
  isActive: z.boolean().default(true),
});

export const testimonialSchema = z.object({
  name: requiredText(100),
  location: text(100).default(''),
  content: requiredText(1000),
  rating: z.number({ error: CONTENT_MESSAGES.rating }).int(CONTENT_MESSAGES.rating).min(1, CONTENT_MESSAGES.rating).max(5, CONTENT_MESSAGES.rating),
  isActive: z.boolean().default(true),
});

export const contentPageSchema = z.object({
  slug: z.enum(CONTENT_PAGE_SLUGS, { error: CONTENT_MESSAGES.pageUnknown }),
  title: requiredText(200),
  content: z.string().max(CONTENT_PAGE_MAX_LENGTH, CONTENT_MESSAGES.required),
  seoDescription: text(300).default(''),
});

export type BannerInput = z.input<typeof bannerSchema>;
export type AnnouncementModalInput = z.input<typeof announcementModalSchema>;
export type TestimonialInput = z.input<typeof testimonialSchema>;
export type ContentPageInput = z.input<typeof contentPageSchema>;
