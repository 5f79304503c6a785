// /staff/content/pages/:slug: edit one content page in the rich-text editor. The API sanitises
// what is saved; the storefront shows it on the next request (the visitors' caches drop it).
import { data, Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/staff-content-page';
import { fieldMessages } from '../../common/validation/issues';
import { RichTextEditor } from '../components/staff/RichTextEditor';
import { ContentPageUpdateMutation, StaffContentQuery } from '../graphql/staff-content';
import { query } from '../lib/api.server';
import { builtInPageHtml } from './staff-content-page.server';
import { requireStaff } from './staff.server';
import { FormResult } from '../components/staff/FormField';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.label ?? 'Page'} | Suki back office` }];

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_CONTENT');
  const entry = (await query(context, StaffContentQuery)).staffContent?.pages?.find((p) => p.slug === params.slug);
  if (!entry) throw data(null, { status: 404 });
  return {
    slug: entry.slug,
    label: entry.label,
    path: entry.path,
    title: entry.page?.title ?? entry.label,
    seoDescription: entry.page?.seoDescription ?? '',
    content: entry.page?.content ?? builtInPageHtml(entry.slug ?? ''),
    saved: entry.page !== null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStaff(context, 'MANAGE_CONTENT');
  const form = await request.formData();
  const input = {
    slug: params.slug,
    title: String(form.get('title') ?? ''),
    content: String(form.get('content') ?? ''),
    seoDescription: String(form.get('seoDescription') ?? ''),
  };
  const result = (await query(context, ContentPageUpdateMutation, { input })).contentPageUpdate;
  const errors = result?.errors ?? [];
  return data({ ok: errors.length === 0, message: errors[0]?.message ?? 'Saved. The storefront shows it now.', errors }, { status: errors.length ? 400 : 200 });
}

export default function StaffContentPage({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  const result = useActionData<typeof action>();
  const errors = fieldMessages(result?.errors);
  return (
    <div className="space-y-4">
      <p>
        <Link to="/staff/content/pages" className="underline">
          All pages
        </Link>
      </p>
      <h2 className="text-xl font-semibold">{page.label}</h2>
      <p className="text-sm">
        Shown at{' '}
        <a href={page.path ?? undefined} className="underline">
          {page.path}
        </a>
        {page.saved ? '' : '. Not saved yet: the storefront shows its built-in text.'}
      </p>
      <FormResult result={result} />
      {/* A new key after each save: the editor starts again from the stored (sanitised) page. */}
      <Form method="post" className="space-y-4" key={result?.ok ? page.content : 'edit'}>
        <div>
          <label htmlFor="page-title" className="block text-sm font-medium">
            Title
          </label>
          <input
            id="page-title"
            name="title"
            required
            maxLength={200}
            defaultValue={page.title ?? undefined}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? 'page-title-error' : undefined}
            className="w-full rounded border border-gray-300 px-2 py-1"
          />
          {errors.title ? (
            <p id="page-title-error" className="text-sm text-red-700">
              {errors.title}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="page-seo" className="block text-sm font-medium">
            Search engine description
          </label>
          <input id="page-seo" name="seoDescription" maxLength={300} defaultValue={page.seoDescription} className="w-full rounded border border-gray-300 px-2 py-1" />
        </div>
        <RichTextEditor name="content" label="Page text" defaultValue={page.content} />
        <button type="submit" className="btn-primary">
          Save page
        </button>
      </Form>
    </div>
  );
}
