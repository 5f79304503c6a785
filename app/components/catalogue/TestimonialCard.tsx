import { useState } from 'react';
import { Link } from 'react-router';
import { needsReadMore } from '../../../common/catalogue/display';
import { productDisplayName } from '../../../common/catalogue/pricing';
import { Modal } from './Modal';
import { ProductImage } from './ProductImage';
import { StarRating } from './StarRating';
import type { ImageData } from './types';

export type TestimonialData = {
  id: string;
  /** The product reviewed, when the testimonial names one. */
  productName: string | null;
  brandName: string | null;
  /** The product page, e.g. /product/UHJvZHVjdDo1. */
  productUrl: string | null;
  image: ImageData | null;
  location: string | null;
  reviewer: string;
  date: string;
  rating: number;
  note: string;
};

/** One review in the home page's REVIEWS carousel; Read More opens the whole note. */
export function TestimonialCard({ t }: { t: TestimonialData }) {
  const [open, setOpen] = useState(false);
  const long = needsReadMore(t.note);
  // Brand and product name as product cards show them ('Suki Gift Voucher', not 'Suki Suki ...').
  const product = t.productName ? productDisplayName(t.productName, t.brandName) : '';
  const heading = product || t.reviewer;
  return (
    <figure className="flex h-full flex-col gap-2 rounded-lg border border-gray-200 bg-white p-4">
      <div className="flex items-center gap-3">
        {product ? (
          // The picture repeats the name beside it: hidden from assistive tech, out of the tab order.
          t.productUrl ? (
            <Link to={t.productUrl} tabIndex={-1} aria-hidden="true" className="shrink-0">
              <ProductImage image={t.image} fallbackAlt="" size={64} className="h-16 w-16 rounded object-contain" />
            </Link>
          ) : (
            <ProductImage image={t.image} fallbackAlt={product} size={64} className="h-16 w-16 shrink-0 rounded object-contain" />
          )
        ) : null}
        <div className="min-w-0">
          {product ? (
            <p className="truncate text-sm font-semibold">
              {t.productUrl ? (
                <Link to={t.productUrl} className="hover:underline">
                  {product}
                </Link>
              ) : (
                product
              )}
            </p>
          ) : null}
          <p className="text-sm font-medium text-gray-800">
            {t.reviewer}
            {t.location ? <span className="font-normal text-gray-600"> · {t.location}</span> : null}
          </p>
          <p className="text-xs text-gray-600">{t.date}</p>
        </div>
      </div>
      <StarRating rating={t.rating} small />
      <blockquote className="text-sm text-gray-800">{long ? `${t.note.slice(0, 94).trimEnd()}…` : t.note}</blockquote>
      {long ? (
        <button type="button" className="mt-auto self-start text-sm font-semibold text-secondary-dark underline" onClick={() => setOpen(true)}>
          Read More
        </button>
      ) : null}
      <Modal open={open} onOpenChange={setOpen} title={heading}>
        <p className="text-sm text-gray-700">
          {t.reviewer} · {t.date}
        </p>
        <div className="mt-1">
          <StarRating rating={t.rating} />
        </div>
        <p className="mt-3 whitespace-pre-line">{t.note}</p>
      </Modal>
    </figure>
  );
}
