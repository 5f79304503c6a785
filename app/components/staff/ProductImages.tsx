// The product page's pictures: upload (the API's limits and checks), move up or down, alt text
// and the colour a picture shows (its variants list it first), delete.
import { Form } from 'react-router';
import type { StaffProductImage } from '../../graphql/staff-catalogue';
import type { ProductActionResult } from './types';
import { SelectField, TextField } from './FormField';

type Props = { images: StaffProductImage[]; colors: string[]; result: ProductActionResult | null };

export function ProductImages({ images, colors, result }: Props) {
  const refusedFor = (intent: string, id?: string) => (result && !result.ok && result.intent === intent && (id === undefined || result.target === id) ? result : null);
  const upload = refusedFor('media-create');
  const colorOptions = colors.map((c) => ({ value: c, label: c }));
  return (
    <section aria-labelledby="images-title" className="space-y-3 rounded border border-gray-200 bg-white p-4">
      <h2 id="images-title" className="text-lg font-semibold">
        Images
      </h2>
      {images.length === 0 ? <p>No images yet.</p> : null}
      <ol className="space-y-3">
        {images.map((image, index) => {
          const refused = refusedFor('media-update', image.id);
          const prefix = `image-${image.id}`;
          return (
            <li key={image.id} className="flex flex-wrap items-start gap-4 border-b border-gray-100 pb-3">
              <img src={image.url} alt={image.alt} width={96} height={96} className="h-24 w-24 rounded border border-gray-200 object-contain" />
              <Form method="post" key={refused ? JSON.stringify(refused.values) : `${image.id}-${image.alt}-${image.color}`} className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="media-update" />
                <input type="hidden" name="id" value={image.id} />
                <TextField name="alt" idPrefix={prefix} label={`Alt text of image ${index + 1}`} maxLength={255} defaultValue={refused?.values.alt ?? image.alt} error={refused?.errors.alt} />
                <SelectField name="color" idPrefix={prefix} label="Shows colour" emptyLabel="Any" options={colorOptions} defaultValue={refused?.values.color ?? image.color ?? ''} />
                <button type="submit" className="btn-outline">
                  Save
                </button>
              </Form>
              <div className="flex gap-2">
                {(['up', 'down'] as const).map((direction) => (
                  <Form method="post" key={direction}>
                    <input type="hidden" name="intent" value="media-move" />
                    <input type="hidden" name="id" value={image.id} />
                    <input type="hidden" name="direction" value={direction} />
                    <button
                      type="submit"
                      className="btn-outline"
                      disabled={direction === 'up' ? index === 0 : index === images.length - 1}
                      aria-label={`Move image ${index + 1} ${direction}`}
                    >
                      {direction === 'up' ? '↑' : '↓'}
                    </button>
                  </Form>
                ))}
                <Form method="post">
                  <input type="hidden" name="intent" value="media-delete" />
                  <input type="hidden" name="id" value={image.id} />
                  <button type="submit" className="btn-outline" aria-label={`Delete image ${index + 1}`}>
                    Delete
                  </button>
                </Form>
              </div>
            </li>
          );
        })}
      </ol>
      <Form method="post" encType="multipart/form-data" key={upload ? JSON.stringify(upload.values) : `upload-${images.length}`} className="flex flex-wrap items-end gap-3 border-t border-gray-200 pt-3" aria-labelledby="upload-title">
        <h3 id="upload-title" className="w-full font-semibold">
          Upload an image
        </h3>
        <input type="hidden" name="intent" value="media-create" />
        <div>
          <label htmlFor="upload-image" className="block text-sm font-medium">
            Image file (up to 5 MB)
          </label>
          <input
            id="upload-image"
            name="image"
            type="file"
            accept="image/*"
            aria-invalid={upload?.errors.image ? true : undefined}
            aria-describedby={upload?.errors.image ? 'upload-image-error' : undefined}
          />
          {upload?.errors.image ? (
            <p id="upload-image-error" className="text-sm text-red-700">
              {upload.errors.image}
            </p>
          ) : null}
        </div>
        <TextField name="alt" idPrefix="upload" label="Alt text" maxLength={255} defaultValue={upload?.values.alt ?? ''} error={upload?.errors.alt} />
        <SelectField name="color" idPrefix="upload" label="Shows colour" emptyLabel="Any" options={colorOptions} defaultValue={upload?.values.color ?? ''} />
        <button type="submit" className="btn-primary">
          Upload
        </button>
      </Form>
    </section>
  );
}
