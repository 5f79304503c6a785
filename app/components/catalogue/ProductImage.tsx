import type { ImageData } from './types';

type ProductImageProps = {
  image: ImageData | null;
  fallbackAlt: string;
  size: number;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** The page's largest picture above the fold (its LCP element): fetched before other images. */
  fetchPriority?: 'high';
  /** With the API's srcSet: how wide the image is drawn, so 2x screens get the 510 px file. */
  sizes?: string;
  /** The name is written beside the image: an empty alt, so screen readers do not read it twice. */
  decorative?: boolean;
};

/** A square product image with explicit width and height; a neutral placeholder when missing. */
export function ProductImage({ image, fallbackAlt, size, className = '', loading = 'lazy', fetchPriority, sizes, decorative = false }: ProductImageProps) {
  if (!image?.url) {
    return (
      <svg
        role={decorative ? undefined : 'img'}
        aria-label={decorative ? undefined : fallbackAlt}
        aria-hidden={decorative || undefined}
        width={size}
        height={size}
        viewBox="0 0 100 100"
        className={`bg-gray-100 text-gray-300 ${className}`}
      >
        <rect x="30" y="22" width="40" height="56" rx="6" fill="none" stroke="currentColor" strokeWidth="4" />
        <circle cx="50" cy="70" r="3" fill="currentColor" />
      </svg>
    );
  }
  return (
    <img
      src={image.url}
      srcSet={sizes && image.srcSet ? image.srcSet : undefined}
      sizes={sizes && image.srcSet ? sizes : undefined}
      alt={decorative ? '' : image.alt || fallbackAlt}
      // The file's own size when the API gives it (keeps the aspect ratio), else a square.
      width={image.width ?? size}
      height={image.height ?? size}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      className={`object-contain ${className}`}
    />
  );
}
