import type { Route } from './+types/faq-trade-in';
import { ContentPageView } from '../components/catalogue/ContentPage';
import { loadContentPage } from '../components/catalogue/content-page.server';
import { seoMeta } from '../components/catalogue/seo';

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({ title: data?.page.title ?? 'Trade-in FAQ', description: data?.page.description ?? 'Trade-in FAQ', url: data?.page.canonical });

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, 'faq-trade-in', '/faq-trade-in', 'Trade-in FAQ') };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />;
}
