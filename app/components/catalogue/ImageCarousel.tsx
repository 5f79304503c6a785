import { useState } from 'react';
import { imageCaption } from '../../../common/catalogue/display';
import { Carousel } from './Carousel';
import { ProductImage } from './ProductImage';
import type { ImageData } from './types';

/** The product page's image carousel with the caption 'N out of M image/s'. */
export function ImageCarousel({ images, productName }: { images: ImageData[]; productName: string }) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return <ProductImage image={null} fallbackAlt={productName} size={510} className="mx-auto aspect-square h-auto w-full max-w-md" />;
  }
  return (
    <div>
      <Carousel label="Product images" onSelect={setIndex} showDots>
        {images.map((image, i) => (
          <ProductImage
            key={image.url}
            image={image}
            fallbackAlt={`${productName}, image ${i + 1}`}
            size={510}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : undefined}
            // Narrower on a phone, so the name and price share the first screen with the picture.
            className="mx-auto aspect-square h-auto w-full max-w-[17rem] sm:max-w-md"
          />
        ))}
      </Carousel>
      <p className="mt-1 text-center text-xs text-gray-600 sm:mt-2 sm:text-sm" aria-live="polite">
        {imageCaption(index, images.length)}
      </p>
    </div>
  );
}
