// The back office's catalogue screens get complete view models from the generated
// (all-nullable) result types.
import { describe, expect, it } from 'vitest';
import { toCatalogueChoices, toStaffProduct, toStaffProducts, toTaxonomy } from './staff-catalogue';

describe('staff catalogue view models', () => {
  it('maps the product table with fallbacks', () => {
    const page = toStaffProducts({
      staffProducts: {
        totalCount: 1,
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
        edges: [
          {
            node: {
              id: 'P1',
              name: 'Phone',
              adminInfo: { isPublished: null },
              category: null,
              brand: { name: 'Acme' },
              thumbnail: { url: null, alt: null },
              variants: [{ stockQuantity: 3 }, { stockQuantity: null }],
              pricing: { priceRange: { start: { gross: { localized: '₱9,990.00' } } } },
            },
          },
        ],
      },
    });
    expect(page.products).toEqual([
      {
        id: 'P1',
        name: 'Phone',
        adminInfo: { isPublished: false },
        category: { name: '' },
        brand: { name: 'Acme' },
        thumbnail: null,
        variants: [{ stockQuantity: 3 }, { stockQuantity: 0 }],
        pricing: { priceRange: { start: { gross: { localized: '₱9,990.00' } } } },
      },
    ]);
    expect(toStaffProducts({ staffProducts: null })).toEqual({ products: [], pageInfo: null, totalCount: 0 });
  });

  it('maps the choices and the taxonomy lists', () => {
    expect(
      toCatalogueChoices({
        categories: { edges: [{ node: { id: 'C1', name: 'Phones', level: null, parent: null } }] },
        brands: null,
        productTypes: [{ id: 'T1', name: 'Phone', slug: null }],
      }),
    ).toEqual({ categories: { edges: [{ node: { id: 'C1', name: 'Phones', level: 0, parent: null } }] }, brands: null, productTypes: [{ id: 'T1', name: 'Phone', slug: '' }] });
    expect(
      toTaxonomy({
        categories: { edges: [{ node: { id: 'C2', name: 'Cases', slug: 'cases', level: 1, parent: { id: 'C1' } } }] },
        brands: { edges: [{ node: { id: 'B1', name: 'Acme', slug: 'acme', isFeatured: null, isInstallmentReady: true } }] },
        staffCollections: [{ id: null, name: 'Lost', slug: null, productCount: null }, { id: 'L1', name: 'Sale', slug: 'sale', productCount: 4 }],
      }),
    ).toEqual({
      categories: [{ id: 'C2', name: 'Cases', slug: 'cases', parentId: 'C1', level: 1 }],
      brands: [{ id: 'B1', name: 'Acme', slug: 'acme', isFeatured: false, isInstallmentReady: true }],
      collections: [{ id: 'L1', name: 'Sale', slug: 'sale', productCount: 4 }],
    });
  });

  it('maps the product to edit, keeping only images the screen can show', () => {
    const product = toStaffProduct({
      staffProduct: {
        id: 'P1',
        name: 'Phone',
        slug: 'phone',
        url: '/products/phone',
        description: null,
        seoTitle: null,
        seoDescription: null,
        isPreOrder: true,
        isFreeShippingFee: null,
        isInstallmentReady: null,
        hasInstacoverWarranty: null,
        isFeatured: null,
        productType: { id: 'T1', name: 'Phone' },
        category: { id: 'C1', name: null },
        brand: null,
        attributes: [{ attribute: { name: 'Display' }, values: [{ name: '6.1"' }, { name: null }] }],
        tire: null,
        adminInfo: { isPublished: true, salePercent: null, weightGrams: 180, taxClass: null, basePrice: { amount: 9990 }, saleAmount: null },
        variants: [{ id: 'V1', name: '128 GB', sku: 'SKU1', stockQuantity: 3, options: null, pricing: null }],
        images: [
          { id: 'M1', alt: null, color: 'Black', url: '/media/1.webp', width: 255, height: 255 },
          { id: 'M2', alt: null, color: null, url: null, width: null, height: null },
        ],
      },
    });
    expect(product).toMatchObject({
      description: '',
      category: { id: 'C1', name: '' },
      attributes: [{ attribute: { name: 'Display' }, values: [{ name: '6.1"' }, { name: '' }] }],
      adminInfo: { isPublished: true, basePrice: { amount: 9990 }, salePercent: null, saleAmount: null, weightGrams: 180, taxClass: 'VATABLE' },
      variants: [{ id: 'V1', name: '128 GB', sku: 'SKU1', stockQuantity: 3, options: { color: null, memory: null, coverWarranty: null }, pricing: { priceUndiscounted: { gross: { amount: 0 } } } }],
      images: [{ id: 'M1', alt: '', color: 'Black', url: '/media/1.webp', width: 255, height: 255 }],
    });
    expect(toStaffProduct({ staffProduct: null })).toBeNull();
  });
});
