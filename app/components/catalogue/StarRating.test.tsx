import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CardRating } from './ProductCard';
import { StarRating } from './StarRating';

/** The amber share's clip width and the viewBox width of one rendered rating. */
function measure(rating: number | null, small = true) {
  const html = renderToStaticMarkup(<StarRating rating={rating} small={small} />);
  const clip = Number(/<rect width="([\d.]+)"/.exec(html)?.[1]);
  const box = Number(/viewBox="0 0 ([\d.]+) 24"/.exec(html)?.[1]);
  return { html, clip, box };
}

describe('StarRating', () => {
  it('announces the rating once and draws five stars in one SVG', () => {
    const { html } = measure(3.5);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Rated 3.5 out of 5"');
    expect(html.match(/<svg/g)).toHaveLength(1);
    // Grey stars and the amber ones over them: each path holds the five stars.
    expect(html.match(/<path/g)).toHaveLength(2);
    expect(html.match(/M[\d.]+ 2\.5/g)).toHaveLength(10);
    // The size cards had: five 14 px stars with 2 px between them.
    expect(html).toContain('width="78" height="14"');
  });

  it('fills whole stars, then the rated share of the next star itself', () => {
    const step = 24 + (2 * 24) / 14;
    expect(measure(0).clip).toBe(0);
    expect(measure(null).clip).toBe(0);
    expect(measure(3).clip).toBeCloseTo(3 * step, 1);
    // Half of the fourth star: its left edge (2.5 in its box) plus half its 19.2 width.
    expect(measure(3.5).clip).toBeCloseTo(3 * step + 2.5 + 9.6, 1);
    expect(measure(5).clip).toBeGreaterThanOrEqual(measure(5).box);
    expect(measure(7).clip).toBe(measure(5).clip);
  });

  it('keeps the larger size for the product page', () => {
    expect(measure(4, false).html).toContain('width="108" height="20"');
  });

  it('says "No reviews yet" on a card instead of five grey stars that read as zero', () => {
    for (const rating of [null, undefined, 0]) {
      const html = renderToStaticMarkup(<CardRating rating={rating} />);
      expect(html).toContain('No reviews yet');
      expect(html).not.toContain('<svg');
    }
  });

  it("shows a rated card's stars with the value beside them", () => {
    const html = renderToStaticMarkup(<CardRating rating={4.25} />);
    expect(html).toContain('aria-label="Rated 4.3 out of 5"');
    expect(html).toContain('>4.3</span>');
    expect(html).not.toContain('No reviews yet');
  });
});
