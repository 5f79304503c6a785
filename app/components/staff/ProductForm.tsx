// The product form of /staff/products/new and /staff/products/:id: names, classification,
// price and sale, flags, attributes and a tire's size. A refused form comes back with what was
// typed and each field's message.
import { Form, useNavigation } from 'react-router';
import { formatAttributesText, PRODUCT_FLAG_LABELS, PRODUCT_FLAGS, TAX_CLASS_LABELS, TAX_CLASSES } from '../../../common/catalogue/product-admin';
import type { CatalogueChoices, StaffProduct } from '../../graphql/staff-catalogue';
import { CheckboxField, SelectField, TextArea, TextField } from './FormField';

type Props = {
  product: StaffProduct | null;
  choices: CatalogueChoices;
  /** The refused form's values and messages, when the last post was this form's. */
  refused: { values: Record<string, string>; errors: Record<string, string> } | null;
};

/** The form's starting text for each field: the stored product's, or the new product's defaults. */
function initialValues(product: StaffProduct | null): Record<string, string> {
  if (!product) return { isPublished: 'on', weight: '0' };
  const info = product.adminInfo;
  const values: Record<string, string> = {
    name: product.name,
    slug: product.slug,
    description: product.description,
    seoTitle: product.seoTitle === product.name ? '' : product.seoTitle,
    seoDescription: product.seoDescription,
    productType: product.productType.id,
    category: product.category.id,
    brand: product.brand?.id ?? '',
    basePrice: info ? String(info.basePrice.amount) : '',
    salePercent: info?.salePercent ? String(info.salePercent) : '',
    saleAmount: info?.saleAmount ? String(info.saleAmount.amount) : '',
    weight: String(info?.weightGrams ?? 0),
    taxClass: info?.taxClass ?? 'VATABLE',
    attributes: formatAttributesText(product.attributes.map((a) => ({ name: a.attribute.name, values: a.values.map((v) => v.name) }))),
    'tire.width': String(product.tire?.width ?? ''),
    'tire.aspectRatio': String(product.tire?.aspectRatio ?? ''),
    'tire.rimDiameter': String(product.tire?.rimDiameter ?? ''),
    'tire.loadIndex': String(product.tire?.loadIndex ?? ''),
    'tire.speedRating': product.tire?.speedRating ?? '',
  };
  for (const flag of PRODUCT_FLAGS) {
    const on = flag === 'isPublished' ? info?.isPublished : product[flag];
    if (on) values[flag] = 'on';
  }
  return values;
}

export function ProductForm({ product, choices, refused }: Props) {
  const values = refused?.values ?? initialValues(product);
  const errors = refused?.errors ?? {};
  const busy = useNavigation().formData?.get('intent') === 'product';
  const field = (name: string) => ({ name, defaultValue: values[name] ?? '', error: errors[name], idPrefix: 'product' });
  // A key per post: a refused form re-mounts with the typed values as its defaults.
  const key = refused ? JSON.stringify(refused.values) : product?.id ?? 'new';
  const categories = (choices.categories?.edges ?? []).map((e) => ({ value: e.node.id, label: `${e.node.level > 0 ? '— ' : ''}${e.node.name}` }));
  const brands = (choices.brands?.edges ?? []).map((e) => ({ value: e.node.id, label: e.node.name }));
  const types = choices.productTypes.map((t) => ({ value: t.id, label: t.name }));

  return (
    <Form method="post" key={key} className="space-y-4 rounded border border-gray-200 bg-white p-4" aria-labelledby="product-form-title" noValidate>
      <h2 id="product-form-title" className="text-lg font-semibold">
        {product ? 'Product details' : 'New product'}
      </h2>
      <input type="hidden" name="intent" value="product" />
      <div className="grid gap-3 md:grid-cols-2">
        <TextField {...field('name')} label="Name" required maxLength={250} />
        <TextField {...field('slug')} label="Slug" maxLength={200} hint="Made from the name when left empty." />
        <SelectField {...field('productType')} label="Product type" options={types} emptyLabel="Choose…" />
        <SelectField {...field('category')} label="Category" options={categories} emptyLabel="Choose…" />
        <SelectField {...field('brand')} label="Brand" options={brands} emptyLabel="No brand" />
        <TextField {...field('weight')} label="Weight (grams)" inputMode="numeric" hint="0 uses the product type's weight." />
        <TextField {...field('basePrice')} label="Base price (₱)" inputMode="decimal" required hint="What a variant costs when its own price adds nothing." />
        <TextField {...field('salePercent')} label="Sale: percent off" inputMode="decimal" hint="Wins over an amount off; empty for no sale." />
        <TextField {...field('saleAmount')} label="Sale: amount off (₱)" inputMode="decimal" />
        <SelectField {...field('taxClass')} label="Tax class (sales invoice)" options={TAX_CLASSES.map((c) => ({ value: c, label: TAX_CLASS_LABELS[c] }))} />
      </div>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">Flags</legend>
        {PRODUCT_FLAGS.map((flag) => (
          <CheckboxField key={flag} name={flag} idPrefix="product" label={PRODUCT_FLAG_LABELS[flag]} defaultChecked={values[flag] === 'on'} />
        ))}
      </fieldset>
      <TextArea {...field('description')} label="Description (HTML)" rows={5} maxLength={100_000} />
      <TextArea {...field('attributes')} label="Attributes" rows={4} hint='One per line: "Display: 6.1" OLED" or "Colours: Black, White".' />
      <fieldset className="grid gap-3 md:grid-cols-5">
        <legend className="mb-1 text-sm font-medium">Tire size (tires only)</legend>
        <TextField {...field('tire.width')} label="Width (mm)" inputMode="numeric" />
        <TextField {...field('tire.aspectRatio')} label="Aspect ratio (%)" inputMode="numeric" />
        <TextField {...field('tire.rimDiameter')} label="Rim (inches)" inputMode="numeric" />
        <TextField {...field('tire.loadIndex')} label="Load index" inputMode="numeric" />
        <TextField {...field('tire.speedRating')} label="Speed rating" maxLength={2} />
      </fieldset>
      <div className="grid gap-3 md:grid-cols-2">
        <TextField {...field('seoTitle')} label="SEO title" maxLength={200} hint="The name when left empty." />
        <TextField {...field('seoDescription')} label="SEO description" maxLength={300} />
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {product ? 'Save product' : 'Create product'}
      </button>
    </Form>
  );
}
