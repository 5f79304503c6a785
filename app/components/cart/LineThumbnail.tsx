// A product line's square thumbnail, or a neutral placeholder when the product has no image.
export function LineThumbnail({ url, alt, size = 64 }: { url: string | null; alt: string; size?: number }) {
  if (!url) {
    return (
      <div
        className="flex shrink-0 items-center justify-center rounded bg-gray-100 text-xs text-gray-600"
        style={{ width: size, height: size }}
        aria-hidden="true"
      >
        No image
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded bg-gray-50 object-contain"
      style={{ width: size, height: size }}
    />
  );
}
