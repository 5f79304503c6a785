// The back office's catalogue operations (/staff/products, /staff/categories, /staff/brands,
// /staff/collections): the product table, one product to edit, and the catalogue mutations.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

type Named = { id: string; name: string };

export type StaffProductRow = {
  id: string;
  name: string;
  adminInfo: { isPublished: boolean } | null;
  category: { name: string };
  brand: { name: string } | null;
  thumbnail: { url: string; alt: string } | null;
  variants: { stockQuantity: number }[];
  pricing: { priceRange: { start: { gross: { localized: string } } } };
};

export const StaffProductsQuery = operation<G.StaffProductsQuery, G.StaffProductsQueryVariables>(/* GraphQL */ `
  query StaffProducts($first: Int, $after: String, $last: Int, $before: String, $search: String, $category: ID, $brand: ID, $collection: ID, $lowStock: Boolean) {
    staffProducts(first: $first, after: $after, last: $last, before: $before, search: $search, category: $category, brand: $brand, collection: $collection, lowStock: $lowStock) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges {
        node {
          id
          name
          adminInfo { isPublished }
          category { name }
          brand { name }
          thumbnail(size: 255) { url alt }
          variants { stockQuantity }
          pricing { priceRange { start { gross { localized } } } }
        }
      }
    }
  }
`);

/** The product table's page: rows with the fallbacks the table needs, and the paging. */
export function toStaffProducts(data: G.StaffProductsQuery) {
  const page = data.staffProducts;
  const products: StaffProductRow[] = (page?.edges ?? []).map(({ node: p }) => ({
    id: p.id,
    name: p.name ?? '',
    adminInfo: p.adminInfo ? { isPublished: p.adminInfo.isPublished ?? false } : null,
    category: { name: p.category?.name ?? '' },
    brand: p.brand ? { name: p.brand.name ?? '' } : null,
    thumbnail: p.thumbnail?.url ? { url: p.thumbnail.url, alt: p.thumbnail.alt ?? '' } : null,
    variants: (p.variants ?? []).map((v) => ({ stockQuantity: v.stockQuantity ?? 0 })),
    pricing: { priceRange: { start: { gross: { localized: p.pricing?.priceRange?.start?.gross?.localized ?? '' } } } },
  }));
  return { products, pageInfo: page?.pageInfo ?? null, totalCount: page?.totalCount ?? 0 };
}

export type CatalogueChoices = {
  categories: { edges: { node: Named & { level: number; parent: { id: string } | null } }[] } | null;
  brands: { edges: { node: Named }[] } | null;
  productTypes: (Named & { slug: string })[];
};

export const CatalogueChoicesQuery = operation<G.CatalogueChoicesQuery, G.CatalogueChoicesQueryVariables>(/* GraphQL */ `
  query CatalogueChoices {
    categories(first: 100) { edges { node { id name level parent { id } } } }
    brands(first: 100) { edges { node { id name } } }
    productTypes { id name slug }
  }
`);

/** The category, brand and product type choices of the product screens. */
export function toCatalogueChoices(data: G.CatalogueChoicesQuery): CatalogueChoices {
  return {
    categories: data.categories
      ? { edges: data.categories.edges.map(({ node: c }) => ({ node: { id: c.id, name: c.name ?? '', level: c.level ?? 0, parent: c.parent } })) }
      : null,
    brands: data.brands ? { edges: data.brands.edges.map(({ node: b }) => ({ node: { id: b.id, name: b.name ?? '' } })) } : null,
    productTypes: (data.productTypes ?? []).map((t) => ({ id: t.id, name: t.name ?? '', slug: t.slug ?? '' })),
  };
}

export type StaffVariant = {
  id: string;
  name: string;
  sku: string;
  stockQuantity: number;
  options: { color: string | null; memory: string | null; coverWarranty: number | null };
  pricing: { priceUndiscounted: { gross: { amount: number } } };
};

export type StaffProductImage = { id: string; alt: string; color: string | null; url: string; width: number; height: number };

export type StaffProduct = {
  id: string;
  name: string;
  slug: string;
  url: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
  productType: Named;
  category: Named;
  brand: Named | null;
  isPreOrder: boolean;
  isFreeShippingFee: boolean;
  isInstallmentReady: boolean;
  hasInstacoverWarranty: boolean;
  isFeatured: boolean;
  attributes: { attribute: { name: string }; values: { name: string }[] }[];
  tire: { width: number; aspectRatio: number; rimDiameter: number; loadIndex: number | null; speedRating: string | null } | null;
  adminInfo: { isPublished: boolean; basePrice: { amount: number }; salePercent: number | null; saleAmount: { amount: number } | null; weightGrams: number; taxClass: G.TaxClass } | null;
  variants: StaffVariant[];
  images: StaffProductImage[];
};

export const StaffProductQuery = operation<G.StaffProductQuery, G.StaffProductQueryVariables>(/* GraphQL */ `
  query StaffProduct($id: ID!) {
    staffProduct(id: $id) {
      id
      name
      slug
      url
      description
      seoTitle
      seoDescription
      productType { id name }
      category { id name }
      brand { id name }
      isPreOrder
      isFreeShippingFee
      isInstallmentReady
      hasInstacoverWarranty
      isFeatured
      attributes { attribute { name } values { name } }
      tire { width aspectRatio rimDiameter loadIndex speedRating }
      adminInfo { isPublished basePrice { amount } salePercent saleAmount { amount } weightGrams taxClass }
      variants {
        id
        name
        sku
        stockQuantity
        options { color memory coverWarranty }
        pricing { priceUndiscounted { gross { amount } } }
      }
      images { id alt color url(size: 255) width(size: 255) height(size: 255) }
    }
  }
`);

const named = (n: { id: string; name: string | null }): Named => ({ id: n.id, name: n.name ?? '' });

/** The product to edit, with the fallbacks the form needs; null when there is none. */
export function toStaffProduct(data: G.StaffProductQuery): StaffProduct | null {
  const p = data.staffProduct;
  if (!p) return null;
  const info = p.adminInfo;
  return {
    id: p.id,
    name: p.name ?? '',
    slug: p.slug ?? '',
    url: p.url ?? '',
    description: p.description ?? '',
    seoTitle: p.seoTitle ?? '',
    seoDescription: p.seoDescription ?? '',
    productType: p.productType ? named(p.productType) : { id: '', name: '' },
    category: p.category ? named(p.category) : { id: '', name: '' },
    brand: p.brand ? named(p.brand) : null,
    isPreOrder: p.isPreOrder ?? false,
    isFreeShippingFee: p.isFreeShippingFee ?? false,
    isInstallmentReady: p.isInstallmentReady ?? false,
    hasInstacoverWarranty: p.hasInstacoverWarranty ?? false,
    isFeatured: p.isFeatured ?? false,
    attributes: (p.attributes ?? []).map((a) => ({ attribute: { name: a.attribute?.name ?? '' }, values: (a.values ?? []).map((v) => ({ name: v.name ?? '' })) })),
    tire: p.tire
      ? { width: p.tire.width ?? 0, aspectRatio: p.tire.aspectRatio ?? 0, rimDiameter: p.tire.rimDiameter ?? 0, loadIndex: p.tire.loadIndex, speedRating: p.tire.speedRating }
      : null,
    adminInfo: info
      ? {
          isPublished: info.isPublished ?? false,
          basePrice: { amount: info.basePrice?.amount ?? 0 },
          salePercent: info.salePercent,
          saleAmount: info.saleAmount ? { amount: info.saleAmount.amount ?? 0 } : null,
          weightGrams: info.weightGrams ?? 0,
          taxClass: info.taxClass ?? 'VATABLE',
        }
      : null,
    variants: (p.variants ?? []).map((v) => ({
      id: v.id,
      name: v.name ?? '',
      sku: v.sku ?? '',
      stockQuantity: v.stockQuantity ?? 0,
      options: { color: v.options?.color ?? null, memory: v.options?.memory ?? null, coverWarranty: v.options?.coverWarranty ?? null },
      pricing: { priceUndiscounted: { gross: { amount: v.pricing?.priceUndiscounted?.gross?.amount ?? 0 } } },
    })),
    images: (p.images ?? []).flatMap((i) =>
      i.id && i.url ? [{ id: i.id, alt: i.alt ?? '', color: i.color, url: i.url, width: i.width ?? 0, height: i.height ?? 0 }] : [],
    ),
  };
}

export const ProductCreateMutation = operation<G.ProductCreateMutation, G.ProductCreateMutationVariables>(/* GraphQL */ `
  mutation ProductCreate($input: ProductCreateInput!) {
    productCreate(input: $input) { product { id } errors { field message } }
  }
`);

export const ProductUpdateMutation = operation<G.ProductUpdateMutation, G.ProductUpdateMutationVariables>(/* GraphQL */ `
  mutation ProductUpdate($id: ID!, $input: ProductInput!) {
    productUpdate(id: $id, input: $input) { product { id } errors { field message } }
  }
`);

export const ProductDeleteMutation = operation<G.ProductDeleteMutation, G.ProductDeleteMutationVariables>(/* GraphQL */ `
  mutation ProductDelete($id: ID!) {
    productDelete(id: $id) { errors { field message } }
  }
`);

export const VariantCreateMutation = operation<G.VariantCreateMutation, G.VariantCreateMutationVariables>(/* GraphQL */ `
  mutation VariantCreate($input: ProductVariantCreateInput!) {
    productVariantCreate(input: $input) { productVariant { id } errors { field message } }
  }
`);

export const VariantUpdateMutation = operation<G.VariantUpdateMutation, G.VariantUpdateMutationVariables>(/* GraphQL */ `
  mutation VariantUpdate($id: ID!, $input: ProductVariantInput!) {
    productVariantUpdate(id: $id, input: $input) { productVariant { id } errors { field message } }
  }
`);

export const VariantDeleteMutation = operation<G.VariantDeleteMutation, G.VariantDeleteMutationVariables>(/* GraphQL */ `
  mutation VariantDelete($id: ID!) {
    productVariantDelete(id: $id) { errors { field message } }
  }
`);

export const MediaCreateMutation = operation<G.MediaCreateMutation, G.MediaCreateMutationVariables>(/* GraphQL */ `
  mutation MediaCreate($input: ProductMediaCreateInput!) {
    productMediaCreate(input: $input) { media { id } errors { field message } }
  }
`);

export const MediaUpdateMutation = operation<G.MediaUpdateMutation, G.MediaUpdateMutationVariables>(/* GraphQL */ `
  mutation MediaUpdate($id: ID!, $input: ProductMediaUpdateInput!) {
    productMediaUpdate(id: $id, input: $input) { media { id } errors { field message } }
  }
`);

export const MediaReorderMutation = operation<G.MediaReorderMutation, G.MediaReorderMutationVariables>(/* GraphQL */ `
  mutation MediaReorder($productId: ID!, $mediaIds: [ID!]!) {
    productMediaReorder(productId: $productId, mediaIds: $mediaIds) { errors { field message } }
  }
`);

export const MediaDeleteMutation = operation<G.MediaDeleteMutation, G.MediaDeleteMutationVariables>(/* GraphQL */ `
  mutation MediaDelete($id: ID!) {
    productMediaDelete(id: $id) { errors { field message } }
  }
`);

// Categories, brands and collections (/staff/categories, /staff/brands, /staff/collections).

export const TaxonomyQuery = operation<G.TaxonomyQuery, G.TaxonomyQueryVariables>(/* GraphQL */ `
  query Taxonomy {
    categories(first: 100) { edges { node { id name slug level parent { id } } } }
    brands(first: 100) { edges { node { id name slug isFeatured isInstallmentReady } } }
    staffCollections { id name slug productCount }
  }
`);

/** Categories, brands and collections as the taxonomy screens list them; a collection without an id is dropped. */
export function toTaxonomy(data: G.TaxonomyQuery) {
  return {
    categories: (data.categories?.edges ?? []).map(({ node: c }) => ({ id: c.id, name: c.name ?? '', slug: c.slug ?? '', parentId: c.parent?.id ?? null, level: c.level ?? 0 })),
    brands: (data.brands?.edges ?? []).map(({ node: b }) => ({
      id: b.id,
      name: b.name ?? '',
      slug: b.slug ?? '',
      isFeatured: b.isFeatured ?? false,
      isInstallmentReady: b.isInstallmentReady ?? false,
    })),
    collections: (data.staffCollections ?? []).flatMap((c) => (c.id ? [{ id: c.id, name: c.name ?? '', slug: c.slug ?? '', productCount: c.productCount ?? 0 }] : [])),
  };
}

export const CategoryCreateMutation = operation<G.CategoryCreateMutation, G.CategoryCreateMutationVariables>(/* GraphQL */ `mutation CategoryCreate($input: CategoryInput!) { categoryCreate(input: $input) { errors { field message } } }`);
export const CategoryUpdateMutation = operation<G.CategoryUpdateMutation, G.CategoryUpdateMutationVariables>(/* GraphQL */ `mutation CategoryUpdate($id: ID!, $input: CategoryInput!) { categoryUpdate(id: $id, input: $input) { errors { field message } } }`);
export const CategoryDeleteMutation = operation<G.CategoryDeleteMutation, G.CategoryDeleteMutationVariables>(/* GraphQL */ `mutation CategoryDelete($id: ID!) { categoryDelete(id: $id) { errors { field message } } }`);
export const BrandCreateMutation = operation<G.BrandCreateMutation, G.BrandCreateMutationVariables>(/* GraphQL */ `mutation BrandCreate($input: BrandInput!) { brandCreate(input: $input) { errors { field message } } }`);
export const BrandUpdateMutation = operation<G.BrandUpdateMutation, G.BrandUpdateMutationVariables>(/* GraphQL */ `mutation BrandUpdate($id: ID!, $input: BrandInput!) { brandUpdate(id: $id, input: $input) { errors { field message } } }`);
export const BrandDeleteMutation = operation<G.BrandDeleteMutation, G.BrandDeleteMutationVariables>(/* GraphQL */ `mutation BrandDelete($id: ID!) { brandDelete(id: $id) { errors { field message } } }`);
export const CollectionCreateMutation = operation<G.CollectionCreateMutation, G.CollectionCreateMutationVariables>(/* GraphQL */ `mutation CollectionCreate($input: CollectionInput!) { collectionCreate(input: $input) { errors { field message } } }`);
export const CollectionUpdateMutation = operation<G.CollectionUpdateMutation, G.CollectionUpdateMutationVariables>(/* GraphQL */ `mutation CollectionUpdate($id: ID!, $input: CollectionInput!) { collectionUpdate(id: $id, input: $input) { errors { field message } } }`);
export const CollectionDeleteMutation = operation<G.CollectionDeleteMutation, G.CollectionDeleteMutationVariables>(/* GraphQL */ `mutation CollectionDelete($id: ID!) { collectionDelete(id: $id) { errors { field message } } }`);
export const CollectionAddProductsMutation = operation<G.CollectionAddProductsMutation, G.CollectionAddProductsMutationVariables>(
  /* GraphQL */ `mutation CollectionAddProducts($collectionId: ID!, $products: [ID!]!) { collectionAddProducts(collectionId: $collectionId, products: $products) { errors { field message } } }`,
);
export const CollectionRemoveProductsMutation = operation<G.CollectionRemoveProductsMutation, G.CollectionRemoveProductsMutationVariables>(
  /* GraphQL */ `mutation CollectionRemoveProducts($collectionId: ID!, $products: [ID!]!) { collectionRemoveProducts(collectionId: $collectionId, products: $products) { errors { field message } } }`,
);
