// Storefront content: home banners, the announcement modal, testimonials and content pages.
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StoredImage } from '../catalogue/media';

export const banners = pgTable('banners', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  alt: text().notNull().default(''),
  image: jsonb().$type<StoredImage>().notNull(),
  buttonLabel: text().notNull().default(''),
  /** A path inside the shop (/shop/...) or an http(s) address that leaves the site. */
  buttonLink: text().notNull().default(''),
  isActive: boolean().notNull().default(true),
  sortOrder: integer().notNull().default(0),
});

export const announcementModals = pgTable('announcement_modals', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  alt: text().notNull().default(''),
  image: jsonb().$type<StoredImage>().notNull(),
  modalLink: text().notNull().default(''),
  isActive: boolean().notNull().default(true),
  sortOrder: integer().notNull().default(0),
});

export const testimonials = pgTable('testimonials', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  /** Where the customer is from, e.g. 'Quezon City'. */
  location: text().notNull().default(''),
  content: text().notNull(),
  rating: integer().notNull().default(5),
  /** The catalogue product reviewed: an id only, no foreign key across modules (ADR 004). */
  productId: integer(),
  isActive: boolean().notNull().default(true),
  sortOrder: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const contentPages = pgTable(
  'content_pages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** terms, faqs, faq-trade-in. */
    slug: text().notNull(),
    title: text().notNull(),
    /** Sanitised HTML (sanitised when saved). */
    content: text().notNull(),
    seoDescription: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_pages_slug_idx').on(t.slug)],
);
