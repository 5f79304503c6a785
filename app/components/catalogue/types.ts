// View models the catalogue components render; app/graphql/catalogue*.ts maps API answers to them.
import type { PricingInput } from '../../../common/catalogue/pricing';

export type ImageData = { url: string; alt: string | null; width?: number | null; height?: number | null; srcSet?: string | null };

export type ProductCardData = {
  id: string;
  name: string;
  brandName: string | null;
  isPreOrder: boolean;
  thumbnail: ImageData | null;
  pricing: PricingInput | null;
  rating: number | null;
};

export type TileData = { id: string; name: string; image: ImageData | null };
