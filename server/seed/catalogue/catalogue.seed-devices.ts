// The demo catalogue's device plans: phones, tablets, laptops, wearables, accessories and cases.
import type { CASE_LINES, ModelSeed } from './catalogue.seed-data';
import type { ArtKind } from '../product-art';
import type { Random } from '../seed-random';
import {
  artKey,
  brandOf,
  fmt,
  peso,
  saleOf,
  seoText,
  stock,
  type ProductPlan,
  type TypeSlug,
  type VariantPlan,
} from './catalogue.seed-plan';

/** Phones, tablets, laptops: colour x memory, plus the 12-month exchange warranty on phones. */
export function deviceProduct(rng: Random, model: ModelSeed, kind: ArtKind, category: string, type: TypeSlug): ProductPlan {
  const brand = brandOf(model.brand);
  const withWarranty = type === 'smartphone' && model.price >= 15000;
  const warrantyPrice = Math.round((model.price * 0.06) / 10) * 10;
  const variants: VariantPlan[] = [];
  for (const color of model.colors) {
    for (const [memory, added] of model.memories ?? [[null, 0] as [string | null, number]]) {
      for (const cover of withWarranty ? [0, 12] : [null]) {
        variants.push({
          name: [color, memory, cover === 12 ? '12-Month Exchange Warranty' : null].filter(Boolean).join(' / '),
          color,
          memory,
          coverWarranty: cover,
          addedPrice: peso(added + (cover === 12 ? warrantyPrice : 0)),
          exchangeRequestFee: cover === 12 ? peso(model.price >= 50000 ? 2500 : 1500) : 0,
          stockQuantity: stock(rng, model.preOrder),
        });
      }
    }
  }
  const fullName = model.name.startsWith(model.brand) ? model.name : `${model.brand} ${model.name}`;
  const specs = model.specs ?? [];
  const memories = (model.memories ?? []).map(([m]) => m);
  return {
    name: model.name,
    brand: model.brand,
    category,
    type,
    basePrice: peso(model.price),
    ...saleOf(model),
    isPreOrder: model.preOrder ?? false,
    isFreeShippingFee: model.price >= 10000,
    isInstallmentReady: (brand.installment ?? false) && model.price >= 5000,
    hasInstacoverWarranty: withWarranty,
    isFeatured: model.sale != null && rng.chance(0.6),
    weightGrams: model.weight + 250,
    attributes: [
      ...specs.map(([name, value]) => ({ name, values: [value] })),
      ...(memories.length ? [{ name: 'Storage', values: memories }] : []),
      { name: 'Colors', values: model.colors },
      { name: 'Warranty', values: ['1 year official Philippine warranty'] },
    ],
    description:
      `<p>The <strong>${fullName}</strong> is brand new, sealed and covered by the official 1-year Philippine warranty.</p>` +
      (specs.length ? `<ul>${specs.map(([n, v]) => `<li><strong>${n}:</strong> ${v}</li>`).join('')}</ul>` : '') +
      `<p>Available in ${model.colors.join(', ')}${memories.length ? ` with ${memories.join(', ')} storage` : ''}.` +
      `${withWarranty ? ' Add the 12-month exchange warranty for a replacement unit if anything goes wrong.' : ''}</p>` +
      (model.preOrder ? '<p>Pre-order now: units ship on the official Philippine release date.</p>' : ''),
    seoDescription: seoText(fullName, `From ${fmt(model.price)}, ${model.colors.length} colours, official warranty, 0% installment.`),
    variants,
    // Every colour pictured: choosing a colour shows that colour, in the gallery and the cart.
    art: model.colors.map((color) => ({
      key: artKey('p', model.brand, model.name, color),
      kind,
      brand: model.brand,
      title: model.name,
      color,
    })),
    collections: model.preOrder ? ['new-arrivals'] : [],
  };
}

export function accessoryProduct(rng: Random, model: ModelSeed & { kind: ArtKind; label?: string }, category: string, type: TypeSlug): ProductPlan {
  const fullName = `${model.brand} ${model.name}`;
  return {
    name: model.name,
    brand: model.brand,
    category,
    type,
    basePrice: peso(model.price),
    ...saleOf(model),
    isPreOrder: false,
    isFreeShippingFee: model.price >= 10000,
    isInstallmentReady: (brandOf(model.brand).installment ?? false) && model.price >= 5000,
    hasInstacoverWarranty: false,
    isFeatured: model.sale != null && rng.chance(0.5),
    weightGrams: model.weight + 120,
    attributes: [
      { name: 'Colors', values: model.colors },
      { name: 'Warranty', values: [model.price >= 3000 ? '1 year' : '6 months'] },
    ],
    description:
      `<p><strong>${fullName}</strong>: authentic ${model.brand} product from the official Philippine distributor.</p>` +
      `<p>Colours: ${model.colors.join(', ')}.</p>`,
    seoDescription: seoText(fullName, `Only ${fmt(model.price)}. Authentic, with warranty and fast delivery nationwide.`),
    variants: model.colors.map((color) => ({
      name: color,
      color,
      memory: null,
      coverWarranty: null,
      addedPrice: 0,
      exchangeRequestFee: 0,
      stockQuantity: stock(rng),
    })),
    art: model.colors.map((color) => ({
      key: artKey('p', model.brand, model.name, color),
      kind: model.kind,
      brand: model.brand,
      title: model.name,
      color,
      label: model.label,
    })),
    collections: [],
  };
}

export function caseProduct(rng: Random, line: (typeof CASE_LINES)[number], phone: ModelSeed): ProductPlan {
  const phoneName = phone.name.startsWith(phone.brand) ? phone.name : `${phone.brand === 'Apple' ? '' : `${phone.brand} `}${phone.name}`;
  const name = `${line.name} for ${phoneName.trim()}`;
  return {
    ...accessoryProduct(rng, { ...line, weight: 60, name, kind: line.kind }, line.kind === 'case' ? 'cases' : 'screen-protectors', 'accessory'),
    // One picture per case line and colour: every phone's version of a case looks the same.
    art: line.colors.map((color) => ({
      key: artKey('p', line.brand, line.name, color),
      kind: line.kind,
      brand: line.brand,
      title: line.name,
      color,
    })),
    isFeatured: false,
  };
}
