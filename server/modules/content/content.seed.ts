// Demo content: home banners, the announcement modal, testimonials, and the terms/FAQ pages.
import type { Database } from '../../db/client';
import type { FileStorage } from '../../storage/file-storage';
import { posterSvg, renderImage, wideSvg } from '../../seed/product-art';
import { announcementModals, banners, testimonials } from './content.tables';
import { saveContentPage } from './content.service';
import { CONTENT_PAGES } from './content.seed-pages';

export type ContentSeedOptions = {
  storage?: FileStorage;
  /** Shop links for banners, e.g. the brand page of the Samsung banner. */
  links: { samsungBrand: string; appleBrand: string };
  /**
   * The catalogue's product ids by full name (brand + name): each testimonial names the product it
   * reviews. A small catalogue may lack some; those testimonials take one of `productIds` instead.
   */
  productIdByName: Map<string, number>;
  productIds: number[];
};

// `product` is the reviewed product's full name, or its start (a tire's name ends with its size).
const TESTIMONIALS = [
  { name: 'Maricel D.', location: 'Quezon City', rating: 5, product: 'Apple iPhone 16 Pro', content: 'Legit seller! My iPhone arrived sealed in two days.' },
  { name: 'Jerome S.', location: 'Cebu City', rating: 5, product: 'Samsung Galaxy A56', content: 'I bought a Galaxy A56 on 0% installment and the whole process was so easy. The rider even called before arriving. Will definitely order again from Suki!' },
  { name: 'Angelica R.', location: 'Davao City', rating: 4, product: 'Michelin Primacy 4', content: 'Good prices on tires. Ordered four Michelin Primacy 4 for our Vios, delivered complete with receipt.' },
  { name: 'Paolo G.', location: 'Makati City', rating: 5, product: 'Samsung Galaxy S25', content: 'Customer service replied within minutes when I asked about the exchange warranty. They explained everything clearly and I got my replacement unit within the week. Sulit!' },
  { name: 'Kristine B.', location: 'Iloilo City', rating: 5, product: 'Suki Gift Voucher', content: 'Gave my mom a Suki gift voucher for her birthday. She loved choosing her own earbuds!' },
  { name: 'Mark V.', location: 'Baguio City', rating: 4, product: 'Samsung Galaxy S26 Ultra', content: 'Pre-ordered the Galaxy S26 Ultra and got it on release day. Packaging was secure and the freebies were complete. Only wish the shipping to Baguio was a bit faster, but overall very satisfied.' },
  { name: 'Jasmine M.', location: 'Pasig City', rating: 5, product: 'Apple iPhone 16', content: 'Fast, safe, and the prices are lower than the mall.' },
  { name: 'Carlo R.', location: 'Cagayan de Oro', rating: 5, product: 'Anker PowerCore', content: 'Third time buying here. Power bank and cables all original, and the referral points paid for my last charger. Highly recommended to my barkada.' },
];

/** The product of that full name, else the first whose name starts so, else one of `fallback`. */
export function testimonialProductId(
  prefix: string,
  byName: Map<string, number>,
  fallback: number[],
  index: number,
): number | null {
  const exact = byName.get(prefix);
  if (exact != null) return exact;
  for (const [name, id] of byName) if (name.startsWith(prefix)) return id;
  return fallback.length > 0 ? fallback[index % fallback.length]! : null;
}

export async function seedContent(db: Database, options: ContentSeedOptions): Promise<void> {
  const { storage } = options;
  const bannerSeeds = [
    { key: 'galaxy-s25', headline: 'Galaxy S25 Ultra', subline: 'Now with 0% installment for up to 12 months', color: '#1428a0', kind: 'phone' as const, deviceColor: 'Titanium Gray', buttonLabel: 'Shop Samsung', buttonLink: options.links.samsungBrand },
    { key: 'iphone-16', headline: 'iPhone 16 Pro', subline: 'Trade in your old phone and save more', color: '#3a3a3c', kind: 'phone' as const, deviceColor: 'Desert Titanium', buttonLabel: 'Shop Apple', buttonLink: options.links.appleBrand },
    { key: 'best-deals', headline: 'Best Deals Today', subline: 'Up to 20% off phones, audio and accessories', color: '#f26b1d', kind: 'headphones' as const, deviceColor: 'White', buttonLabel: 'See Deals', buttonLink: '/shop/best-deals/today' },
    { key: 'tires', headline: 'Find the right tires', subline: 'Search by width, aspect ratio and rim diameter', color: '#2b2d31', kind: 'tire' as const, deviceColor: null, buttonLabel: 'Tire Search', buttonLink: '/tire-search' },
    { key: 'community', headline: 'Join the Suki community', subline: 'Tips, promos and giveaways on our Facebook page', color: '#1877f2', kind: 'voucher' as const, deviceColor: null, buttonLabel: 'Follow Us', buttonLink: 'https://www.facebook.com/' },
  ];
  const bannerImages = await Promise.all(
    bannerSeeds.map((b) =>
      renderImage(
        storage,
        `v1/banner/${b.key}`,
        () => wideSvg({ width: 1600, height: 600, headline: b.headline, subline: b.subline, color: b.color, kind: b.kind, deviceColor: b.deviceColor ?? undefined, label: b.kind === 'voucher' ? 'SUKI' : 'SUKI' }),
        1600,
        600,
      ),
    ),
  );
  await db.insert(banners).values(
    bannerSeeds.map((b, i) => ({
      alt: `${b.headline}: ${b.subline}`,
      image: bannerImages[i]!,
      buttonLabel: b.buttonLabel,
      buttonLink: b.buttonLink,
      sortOrder: i,
    })),
  );

  const modalImage = await renderImage(
    storage,
    // The poster layout keeps the voucher below the words (v1 drew it over them).
    'v2/announcement/holiday-sale',
    () => posterSvg({ width: 800, height: 800, headline: 'Holiday Sale', subline: 'Up to 20% off until December 31', color: '#c8283a', kind: 'voucher', label: '20% OFF' }),
    800,
    800,
  );
  await db.insert(announcementModals).values({
    name: 'Holiday Sale',
    alt: 'Holiday Sale: up to 20% off until December 31',
    image: modalImage,
    modalLink: '/shop/best-deals/today',
  });

  await db.insert(testimonials).values(
    TESTIMONIALS.map(({ product, ...t }, i) => ({
      ...t,
      productId: testimonialProductId(product, options.productIdByName, options.productIds, i),
      sortOrder: i,
      createdAt: new Date(Date.UTC(2026, 9, 1 + i * 3)),
    })),
  );

  for (const page of CONTENT_PAGES) await saveContentPage({ db }, page);
}
