import { describe, expect, it } from 'vitest';
import { DELIVERY_PROMISE } from '../../../common/checkout/delivery-promise';
import { RETURN_DAYS, RETURNS_POLICY, TRUST_PROMISES } from '../../../common/shop-promises';
import { CONTENT_PAGES } from './content.seed-pages';

const page = (slug: string) => CONTENT_PAGES.find((p) => p.slug === slug)!.content;

describe('the trust strip and the demo terms', () => {
  it('promise the same returns and delivery', () => {
    expect(page('terms')).toContain(RETURNS_POLICY);
    expect(page('terms')).toContain(`nationwide in ${DELIVERY_PROMISE}`);
    expect(page('faqs')).toContain('official warranty');
    const titles = TRUST_PROMISES.map((p) => p.title);
    expect(titles).toEqual(['Secure payment', `Delivery in ${DELIVERY_PROMISE}`, `${RETURN_DAYS}-day returns`, 'Official warranty']);
    expect(TRUST_PROMISES.find((p) => p.id === 'returns')!.text).toContain(`within ${RETURN_DAYS} days of delivery`);
  });
});
