import type { Route } from './+types/faqs';
import { ContentPageView } from '../components/catalogue/ContentPage';
import { loadContentPage } from '../components/catalogue/content-page.server';
import { seoMeta } from '../components/catalogue/seo';

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({ title: data?.page.title ?? 'Frequently Asked Questions', description: data?.page.description ?? 'Frequently Asked Questions', url: data?.page.canonical });

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, 'faqs', '/faqs', 'Frequently Asked Questions') };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />;
}
