// The product page's variants: a table with price and stock edited in place (one small form per
// row), a delete per row, and the form to add a variant.
import { Form } from 'react-router';
import { LOW_STOCK_THRESHOLD } from '../../../common/catalogue/stock';
import type { StaffVariant } from '../../graphql/staff-catalogue';
import type { ProductActionResult } from './types';
import { SelectField, TextField } from './FormField';

type Props = { variants: StaffVariant[]; result: ProductActionResult | null };

export function VariantsTable({ variants, result }: Props) {
  const rowRefusal = (id: string) => (result && !result.ok && result.intent === 'variant-update' && result.target === id ? result : null);
  const added = result && !result.ok && result.intent === 'variant-create' ? result : null;
  const addField = (name: string) => ({ name, idPrefix: 'new-variant', defaultValue: added?.values[name] ?? '', error: added?.errors[name] });
  return (
    <section aria-labelledby="variants-title" className="space-y-3 rounded border border-gray-200 bg-white p-4">
      <h2 id="variants-title" className="text-lg font-semibold">
        Variants
      </h2>
      {variants.length === 0 ? <p>No variants yet: add one below so the product can be bought.</p> : null}
      {variants.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="p-2">Variant</th>
                <th scope="col" className="p-2">SKU</th>
                <th scope="col" className="p-2">Options</th>
                <th scope="col" className="p-2">Price (₱)</th>
                <th scope="col" className="p-2">Stock</th>
                <th scope="col" className="p-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {variants.map((v) => {
                const refused = rowRefusal(v.id);
                const formId = `variant-${v.id}`;
                const options = [v.options.color, v.options.memory, v.options.coverWarranty != null ? `${v.options.coverWarranty} months warranty` : null].filter(Boolean).join(', ');
                return (
                  <tr key={v.id} className="border-b border-gray-100 align-top">
                    <td className="p-2">{v.name}</td>
                    <td className="p-2">{v.sku}</td>
                    <td className="p-2">{options}</td>
                    <td className="p-2">
                      <TextField
                        form={formId}
                        idPrefix={formId}
                        name="price"
                        label={`Price of ${v.name}`}
                        srOnlyLabel
                        inputMode="decimal"
                        defaultValue={refused?.values.price ?? String(v.pricing.priceUndiscounted.gross.amount)}
                        error={refused?.errors.price}
                        className="w-32"
                      />
                    </td>
                    <td className="p-2">
                      <TextField
                        form={formId}
                        idPrefix={formId}
                        name="stockQuantity"
                        label={`Stock of ${v.name}`}
                        srOnlyLabel
                        inputMode="numeric"
                        defaultValue={refused?.values.stockQuantity ?? String(v.stockQuantity)}
                        error={refused?.errors.stockQuantity}
                        className="w-24"
                      />
                      {v.stockQuantity <= LOW_STOCK_THRESHOLD ? <span className="text-xs font-semibold text-amber-900">{v.stockQuantity === 0 ? 'Sold out' : 'Low stock'}</span> : null}
                    </td>
                    <td className="flex gap-2 p-2">
                      <Form method="post" id={formId} key={refused ? JSON.stringify(refused.values) : `${v.id}-${v.stockQuantity}-${v.pricing.priceUndiscounted.gross.amount}`}>
                        <input type="hidden" name="intent" value="variant-update" />
                        <input type="hidden" name="id" value={v.id} />
                        <button type="submit" className="btn-outline" aria-label={`Save ${v.name}`}>
                          Save
                        </button>
                      </Form>
                      <Form
                        method="post"
                        onSubmit={(event) => {
                          if (!window.confirm(`Delete the variant ${v.name}?`)) event.preventDefault();
                        }}
                      >
                        <input type="hidden" name="intent" value="variant-delete" />
                        <input type="hidden" name="id" value={v.id} />
                        <button type="submit" className="btn-outline" aria-label={`Delete ${v.name}`}>
                          Delete
                        </button>
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <Form method="post" key={added ? JSON.stringify(added.values) : `add-${variants.length}`} className="space-y-3 border-t border-gray-200 pt-3" aria-labelledby="add-variant-title" noValidate>
        <h3 id="add-variant-title" className="font-semibold">
          Add a variant
        </h3>
        <input type="hidden" name="intent" value="variant-create" />
        <div className="grid gap-3 md:grid-cols-4">
          <TextField {...addField('name')} label="Variant name" required maxLength={250} />
          <TextField {...addField('sku')} label="SKU" required maxLength={64} />
          <TextField {...addField('price')} label="Price (₱)" inputMode="decimal" required />
          <TextField {...addField('stockQuantity')} label="Stock" inputMode="numeric" />
          <TextField {...addField('color')} label="Colour" maxLength={60} />
          <TextField {...addField('memory')} label="Storage" maxLength={60} />
          <SelectField
            {...addField('coverWarranty')}
            label="InstaCover warranty"
            emptyLabel="Not offered"
            options={[
              { value: '0', label: 'Not availed (0 months)' },
              { value: '12', label: '12 months' },
            ]}
          />
        </div>
        <button type="submit" className="btn-primary">
          Add variant
        </button>
      </Form>
    </section>
  );
}
