import type { Route } from './+types/terms-conditions';
import { ContentPageView } from '../components/catalogue/ContentPage';
import { loadContentPage } from '../components/catalogue/content-page.server';
import { seoMeta } from '../components/catalogue/seo';

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({ title: data?.page.title ?? 'Terms and Conditions', description: data?.page.description ?? 'Terms and Conditions', url: data?.page.canonical });

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, 'terms', '/terms-conditions', 'Terms and Conditions') };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />;
}
