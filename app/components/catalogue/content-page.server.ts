import type { AppLoadContext } from 'react-router';
import { ContentPageQuery } from '../../graphql/catalogue-content';
import { notFound, query } from '../../lib/api.server';
import type { ContentPageData } from './ContentPage';
import { plainText } from './seo';

/** Loads a content page for a static route; a missing page is a 404. */
export async function loadContentPage(context: AppLoadContext, slug: string, path: string, fallbackTitle: string): Promise<ContentPageData> {
  const { contentPage } = await query(context, ContentPageQuery, { slug });
  if (!contentPage) notFound();
  return {
    title: contentPage.title || fallbackTitle,
    html: contentPage.content ?? '',
    description: contentPage.seoDescription || plainText(contentPage.content) || fallbackTitle,
    canonical: `${context.publicUrl}${path}`,
  };
}

/** A page staff saved for a route that has built-in text (about, privacy policy), or null. */
export async function loadSavedContentPage(context: AppLoadContext, slug: string, path: string): Promise<ContentPageData | null> {
  const { contentPage } = await query(context, ContentPageQuery, { slug });
  if (!contentPage?.content) return null;
  return {
    title: contentPage.title ?? '',
    html: contentPage.content,
    description: contentPage.seoDescription || plainText(contentPage.content),
    canonical: `${context.publicUrl}${path}`,
  };
}
