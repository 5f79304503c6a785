// /staff/content (banners), /staff/content/announcements and /staff/content/testimonials: add,
// edit, show or hide, move and delete the items the storefront shows, in its order.
import { Form, useActionData, useLocation } from 'react-router';
import type { Route } from './+types/staff-content-items';
import { fieldMessages } from '../../common/validation/issues';
import { StaffContentQuery, type StaffAnnouncementModal, type StaffBanner, type StaffTestimonial } from '../graphql/staff-content';
import { query } from '../lib/api.server';
import { contentKindOf, type ContentKind } from '../components/staff/content-kind';
import { contentItemAction, type ContentActionResult } from './staff-content.server';
import { requireStaff } from './staff.server';
import { FormResult } from '../components/staff/FormField';

const TITLES: Record<ContentKind, { plural: string; one: string }> = {
  banner: { plural: 'Banners', one: 'banner' },
  announcementModal: { plural: 'Announcement modals', one: 'announcement modal' },
  testimonial: { plural: 'Testimonials', one: 'testimonial' },
};

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${TITLES[contentKindOf(new URL(location.pathname, 'http://x'))].plural} | Suki back office` },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_CONTENT');
  const kind = contentKindOf(new URL(request.url));
  const { staffContent } = await query(context, StaffContentQuery);
  return {
    kind,
    banners: kind === 'banner' ? (staffContent?.banners ?? []) : [],
    announcementModals: kind === 'announcementModal' ? (staffContent?.announcementModals ?? []) : [],
    testimonials: kind === 'testimonial' ? (staffContent?.testimonials ?? []) : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(context, 'MANAGE_CONTENT');
  return contentItemAction(request, context);
}

type Item = StaffBanner | StaffAnnouncementModal | StaffTestimonial;
type Field = { name: string; label: string; type?: 'text' | 'textarea' | 'rating'; maxLength: number; required?: boolean };

const FIELDS: Record<ContentKind, Field[]> = {
  banner: [
    { name: 'alt', label: 'Image description (alt text)', maxLength: 255, required: true },
    { name: 'buttonLabel', label: 'Button label', maxLength: 60 },
    { name: 'buttonLink', label: 'Button link', maxLength: 2048 },
  ],
  announcementModal: [
    { name: 'name', label: 'Name', maxLength: 120, required: true },
    { name: 'alt', label: 'Image description (alt text)', maxLength: 255, required: true },
    { name: 'modalLink', label: 'Link', maxLength: 2048 },
  ],
  testimonial: [
    { name: 'name', label: 'Customer name', maxLength: 100, required: true },
    { name: 'location', label: 'Location', maxLength: 100 },
    { name: 'rating', label: 'Rating', type: 'rating', maxLength: 1, required: true },
    { name: 'content', label: 'Testimonial', type: 'textarea', maxLength: 1000, required: true },
  ],
};

function Fields({ kind, prefix, item, errors }: { kind: ContentKind; prefix: string; item?: Item; errors: Record<string, string> }) {
  const value = (name: string) => (item ? String((item as Record<string, unknown>)[name] ?? '') : '');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {FIELDS[kind].map((f) => {
        const id = `${prefix}-${f.name}`;
        const error = errors[f.name];
        const common = {
          id,
          name: f.name,
          required: f.required,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          className: 'w-full rounded border border-gray-300 px-2 py-1',
        };
        return (
          <div key={f.name} className={f.type === 'textarea' ? 'sm:col-span-2' : undefined}>
            <label htmlFor={id} className="block text-sm font-medium">
              {f.label}
            </label>
            {f.type === 'textarea' ? (
              <textarea {...common} rows={3} maxLength={f.maxLength} defaultValue={value(f.name)} />
            ) : f.type === 'rating' ? (
              <select {...common} defaultValue={value(f.name) || '5'}>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {n} star{n === 1 ? '' : 's'}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} type="text" maxLength={f.maxLength} defaultValue={value(f.name)} />
            )}
            {error ? (
              <p id={`${id}-error`} className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {kind !== 'testimonial' ? (
        <div>
          <label htmlFor={`${prefix}-image`} className="block text-sm font-medium">
            {item ? 'Replace picture' : 'Picture'}
          </label>
          <input
            id={`${prefix}-image`}
            name="image"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            required={!item}
            aria-invalid={errors.base64Str ? true : undefined}
            aria-describedby={errors.base64Str ? `${prefix}-image-error` : undefined}
            className="w-full text-sm"
          />
          {errors.base64Str ? (
            <p id={`${prefix}-image-error`} className="text-sm text-red-700">
              {errors.base64Str}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ItemButton({ id, intent, label, danger }: { id: string; intent: string; label: string; danger?: boolean }) {
  return (
    <Form method="post" onSubmit={danger ? (e) => void (!window.confirm('Delete it? This cannot be undone.') && e.preventDefault()) : undefined}>
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} className={danger ? 'rounded border border-red-700 px-2 py-1 text-sm text-red-700' : 'btn-outline'}>
        {label}
      </button>
    </Form>
  );
}

function describe(kind: ContentKind, item: Item): string {
  if (kind === 'banner') return (item as StaffBanner).alt ?? '';
  return (item as StaffAnnouncementModal | StaffTestimonial).name ?? '';
}

export default function StaffContentItems({ loaderData }: Route.ComponentProps) {
  const { kind } = loaderData;
  const items: Item[] = kind === 'banner' ? loaderData.banners : kind === 'announcementModal' ? loaderData.announcementModals : loaderData.testimonials;
  const result = useActionData<ContentActionResult>();
  const location = useLocation();
  const errorsFor = (intent: string, id: string) => (result && !result.ok && result.intent === intent && result.id === id ? fieldMessages(result.errors) : {});
  const { plural, one } = TITLES[kind];
  return (
    <div className="space-y-6" key={location.pathname}>
      <h2 className="text-xl font-semibold">{plural}</h2>
      <FormResult result={result} />
      <Form method="post" encType="multipart/form-data" className="space-y-3 rounded border border-gray-200 bg-white p-4" aria-labelledby="add-title">
        <h3 id="add-title" className="font-semibold">
          Add a {one}
        </h3>
        <Fields kind={kind} prefix="new" errors={errorsFor('create', '')} />
        <button type="submit" name="intent" value="create" className="btn-primary">
          Add
        </button>
      </Form>
      {items.length === 0 ? <p>None yet.</p> : null}
      <ol className="space-y-4">
        {items.map((item, index) => (
          <li key={item.id} className="space-y-3 rounded border border-gray-200 bg-white p-4">
            <div className="flex flex-wrap items-center gap-3">
              {'image' in item && item.image?.url ? <img src={item.image.url} alt="" width={item.image.width ?? undefined} height={item.image.height ?? undefined} className="h-16 w-auto rounded" /> : null}
              <p className="font-semibold">
                {index + 1}. {describe(kind, item)}
              </p>
              <span className={`rounded px-2 py-0.5 text-sm ${item.isActive ? 'bg-green-100 text-green-900' : 'bg-gray-200 text-gray-800'}`}>{item.isActive ? 'Shown' : 'Hidden'}</span>
            </div>
            <Form method="post" encType="multipart/form-data" className="space-y-3" aria-label={`Edit ${describe(kind, item)}`}>
              <input type="hidden" name="id" value={item.id ?? ''} />
              <Fields kind={kind} prefix={`item-${item.id}`} item={item} errors={errorsFor('save', item.id ?? '')} />
              <button type="submit" name="intent" value="save" className="btn-primary">
                Save
              </button>
            </Form>
            <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${describe(kind, item)}`}>
              <ItemButton id={item.id ?? ''} intent={item.isActive ? 'deactivate' : 'activate'} label={item.isActive ? 'Hide' : 'Show'} />
              {index > 0 ? <ItemButton id={item.id ?? ''} intent="up" label="Move up" /> : null}
              {index < items.length - 1 ? <ItemButton id={item.id ?? ''} intent="down" label="Move down" /> : null}
              <ItemButton id={item.id ?? ''} intent="delete" label="Delete" danger />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
