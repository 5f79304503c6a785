// The back office's catalogue operations (/staff/products, /staff/categories, /staff/brands,
// /staff/collections): the product table, one product to edit, and the catalogue mutations.
import { operation } from '../../common/graphql-operation';

type Errors = { errors: { field: string | null; message: string }[] };
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

export const StaffProductsQuery = operation<
  {
    staffProducts: {
      totalCount: number;
      edges: { node: StaffProductRow }[];
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
    } | null;
  },
  { first?: number; after?: string | null; last?: number; before?: string | null; search?: string | null; category?: string | null; brand?: string | null; collection?: string | null; lowStock?: boolean | null }
>(/* GraphQL */ `
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

export type CatalogueChoices = {
  categories: { edges: { node: Named & { level: number; parent: { id: string } | null } }[] } | null;
  brands: { edges: { node: Named }[] } | null;
  productTypes: (Named & { slug: string })[];
};

export const CatalogueChoicesQuery = operation<CatalogueChoices>(/* GraphQL */ `
  query CatalogueChoices {
    categories(first: 100) { edges { node { id name level parent { id } } } }
    brands(first: 100) { edges { node { id name } } }
    productTypes { id name slug }
  }
`);

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
  adminInfo: { isPublished: boolean; basePrice: { amount: number }; salePercent: number | null; saleAmount: { amount: number } | null; weightGrams: number } | null;
  variants: StaffVariant[];
  images: StaffProductImage[];
};

export const StaffProductQuery = operation<{ staffProduct: StaffProduct | null }, { id: string }>(/* GraphQL */ `
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
      adminInfo { isPublished basePrice { amount } salePercent saleAmount { amount } weightGrams }
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

export type ProductInputVars = Record<string, unknown>;

export const ProductCreateMutation = operation<{ productCreate: (Errors & { product: { id: string } | null }) | null }, { input: ProductInputVars }>(/* GraphQL */ `
  mutation ProductCreate($input: ProductCreateInput!) {
    productCreate(input: $input) { product { id } errors { field message } }
  }
`);

export const ProductUpdateMutation = operation<{ productUpdate: Errors | null }, { id: string; input: ProductInputVars }>(/* GraphQL */ `
  mutation ProductUpdate($id: ID!, $input: ProductInput!) {
    productUpdate(id: $id, input: $input) { product { id } errors { field message } }
  }
`);

export const ProductDeleteMutation = operation<{ productDelete: Errors | null }, { id: string }>(/* GraphQL */ `
  mutation ProductDelete($id: ID!) {
    productDelete(id: $id) { errors { field message } }
  }
`);

export const VariantCreateMutation = operation<{ productVariantCreate: Errors | null }, { input: ProductInputVars }>(/* GraphQL */ `
  mutation VariantCreate($input: ProductVariantCreateInput!) {
    productVariantCreate(input: $input) { productVariant { id } errors { field message } }
  }
`);

export const VariantUpdateMutation = operation<{ productVariantUpdate: Errors | null }, { id: string; input: ProductInputVars }>(/* GraphQL */ `
  mutation VariantUpdate($id: ID!, $input: ProductVariantInput!) {
    productVariantUpdate(id: $id, input: $input) { productVariant { id } errors { field message } }
  }
`);

export const VariantDeleteMutation = operation<{ productVariantDelete: Errors | null }, { id: string }>(/* GraphQL */ `
  mutation VariantDelete($id: ID!) {
    productVariantDelete(id: $id) { errors { field message } }
  }
`);

export const MediaCreateMutation = operation<{ productMediaCreate: Errors | null }, { input: { product: string; image: string; alt?: string | null; color?: string | null } }>(/* GraphQL */ `
  mutation MediaCreate($input: ProductMediaCreateInput!) {
    productMediaCreate(input: $input) { media { id } errors { field message } }
  }
`);

export const MediaUpdateMutation = operation<{ productMediaUpdate: Errors | null }, { id: string; input: { alt?: string | null; color?: string | null } }>(/* GraphQL */ `
  mutation MediaUpdate($id: ID!, $input: ProductMediaUpdateInput!) {
    productMediaUpdate(id: $id, input: $input) { media { id } errors { field message } }
  }
`);

export const MediaReorderMutation = operation<{ productMediaReorder: Errors | null }, { productId: string; mediaIds: string[] }>(/* GraphQL */ `
  mutation MediaReorder($productId: ID!, $mediaIds: [ID!]!) {
    productMediaReorder(productId: $productId, mediaIds: $mediaIds) { errors { field message } }
  }
`);

export const MediaDeleteMutation = operation<{ productMediaDelete: Errors | null }, { id: string }>(/* GraphQL */ `
  mutation MediaDelete($id: ID!) {
    productMediaDelete(id: $id) { errors { field message } }
  }
`);

// Categories, brands and collections (/staff/categories, /staff/brands, /staff/collections).

export type TaxonomyData = {
  categories: { edges: { node: { id: string; name: string; slug: string; level: number; parent: { id: string } | null } }[] } | null;
  brands: { edges: { node: { id: string; name: string; slug: string; isFeatured: boolean; isInstallmentReady: boolean } }[] } | null;
  staffCollections: { id: string; name: string; slug: string; productCount: number }[] | null;
};

export const TaxonomyQuery = operation<TaxonomyData>(/* GraphQL */ `
  query Taxonomy {
    categories(first: 100) { edges { node { id name slug level parent { id } } } }
    brands(first: 100) { edges { node { id name slug isFeatured isInstallmentReady } } }
    staffCollections { id name slug productCount }
  }
`);

type TaxonomyVars = { input: Record<string, unknown> };
type IdVars = { id: string };

export const CategoryCreateMutation = operation<{ categoryCreate: Errors | null }, TaxonomyVars>(/* GraphQL */ `mutation CategoryCreate($input: CategoryInput!) { categoryCreate(input: $input) { errors { field message } } }`);
export const CategoryUpdateMutation = operation<{ categoryUpdate: Errors | null }, TaxonomyVars & IdVars>(/* GraphQL */ `mutation CategoryUpdate($id: ID!, $input: CategoryInput!) { categoryUpdate(id: $id, input: $input) { errors { field message } } }`);
export const CategoryDeleteMutation = operation<{ categoryDelete: Errors | null }, IdVars>(/* GraphQL */ `mutation CategoryDelete($id: ID!) { categoryDelete(id: $id) { errors { field message } } }`);
export const BrandCreateMutation = operation<{ brandCreate: Errors | null }, TaxonomyVars>(/* GraphQL */ `mutation BrandCreate($input: BrandInput!) { brandCreate(input: $input) { errors { field message } } }`);
export const BrandUpdateMutation = operation<{ brandUpdate: Errors | null }, TaxonomyVars & IdVars>(/* GraphQL */ `mutation BrandUpdate($id: ID!, $input: BrandInput!) { brandUpdate(id: $id, input: $input) { errors { field message } } }`);
export const BrandDeleteMutation = operation<{ brandDelete: Errors | null }, IdVars>(/* GraphQL */ `mutation BrandDelete($id: ID!) { brandDelete(id: $id) { errors { field message } } }`);
export const CollectionCreateMutation = operation<{ collectionCreate: Errors | null }, TaxonomyVars>(/* GraphQL */ `mutation CollectionCreate($input: CollectionInput!) { collectionCreate(input: $input) { errors { field message } } }`);
export const CollectionUpdateMutation = operation<{ collectionUpdate: Errors | null }, TaxonomyVars & IdVars>(/* GraphQL */ `mutation CollectionUpdate($id: ID!, $input: CollectionInput!) { collectionUpdate(id: $id, input: $input) { errors { field message } } }`);
export const CollectionDeleteMutation = operation<{ collectionDelete: Errors | null }, IdVars>(/* GraphQL */ `mutation CollectionDelete($id: ID!) { collectionDelete(id: $id) { errors { field message } } }`);
export const CollectionAddProductsMutation = operation<{ collectionAddProducts: Errors | null }, { collectionId: string; products: string[] }>(
  /* GraphQL */ `mutation CollectionAddProducts($collectionId: ID!, $products: [ID!]!) { collectionAddProducts(collectionId: $collectionId, products: $products) { errors { field message } } }`,
);
export const CollectionRemoveProductsMutation = operation<{ collectionRemoveProducts: Errors | null }, { collectionId: string; products: string[] }>(
  /* GraphQL */ `mutation CollectionRemoveProducts($collectionId: ID!, $products: [ID!]!) { collectionRemoveProducts(collectionId: $collectionId, products: $products) { errors { field message } } }`,
);
