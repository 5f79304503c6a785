import { describe, expect, it } from 'vitest';
import { galleryImages } from './gallery-images';

const img = (url: string) => ({ url, alt: url });

describe('the product gallery', () => {
  const product = [img('black.png'), img('white.png'), img('blue.png')];

  it('shows every picture of the product, the chosen colour first', () => {
    expect(galleryImages(product, [img('white.png')]).map((i) => i.url)).toEqual(['white.png', 'black.png', 'blue.png']);
  });

  it('shows the product in its own order before a colour is chosen', () => {
    expect(galleryImages(product, []).map((i) => i.url)).toEqual(['black.png', 'white.png', 'blue.png']);
  });

  it('never shows a picture twice', () => {
    expect(galleryImages([...product, img('black.png')], [img('blue.png'), img('blue.png')])).toHaveLength(3);
  });
});
