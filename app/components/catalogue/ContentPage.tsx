import { StaticPage } from './StaticPage';

export type ContentPageData = { title: string; html: string; description: string; canonical: string };

export function ContentPageView({ page }: { page: ContentPageData }) {
  return (
    <StaticPage title={page.title}>
      {/* The API sanitises content pages before they reach the storefront (docs/product/content.md#content-pages). */}
      <div className="space-y-4" dangerouslySetInnerHTML={{ __html: page.html }} />
    </StaticPage>
  );
}
