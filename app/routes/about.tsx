import { Link } from 'react-router';
import type { Route } from './+types/about';
import { DELIVERY_PROMISE } from '../../common/checkout/delivery-promise';
import { CONTACT_EMAIL, SHOP_NAME, SHOP_TAGLINE } from '../../common/shop-info';
import { ContentPageView } from '../components/catalogue/ContentPage';
import { loadSavedContentPage } from '../components/catalogue/content-page.server';
import { StaticPage } from '../components/catalogue/StaticPage';
import { seoMeta } from '../components/catalogue/seo';

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({ title: data?.page?.title ?? `About ${SHOP_NAME}`, description: data?.page?.description ?? SHOP_TAGLINE, url: data?.canonical });

export async function loader({ context }: Route.LoaderArgs) {
  // A page staff saved (/staff/content/pages) replaces the built-in text below.
  return { canonical: `${context.publicUrl}/about`, page: await loadSavedContentPage(context, 'about', '/about') };
}

export default function About({ loaderData }: Route.ComponentProps) {
  if (loaderData.page) return <ContentPageView page={loaderData.page} />;
  return (
    <StaticPage title={`About ${SHOP_NAME}`} subtitle={SHOP_TAGLINE}>
      <AboutText />
    </StaticPage>
  );
}

/** The built-in text (also the editor's starting point in the back office). */
export function AboutText() {
  return (
    <>
      <p>
        “Suki” is what Filipinos call a loyal customer, the regular whom a shop knows by name. We built {SHOP_NAME} to
        treat every shopper that way: honest prices in pesos, genuine products from brands you know, and help whenever
        you need it.
      </p>
      <h2>What we sell</h2>
      <p>
        Phones, tablets and accessories from the world’s leading brands, gift vouchers, pre-orders of upcoming models,
        and tires for your car. Many items can be paid in installments, and selected phones come with an optional
        exchange warranty.
      </p>
      <h2>Shop with confidence</h2>
      <ul>
        <li>Delivery across the Philippines in {DELIVERY_PROMISE}, or pick-up at our store.</li>
        <li>Pay by card, e-wallet, bank deposit, PayPal, buy-now-pay-later or cash on delivery.</li>
        <li>
          Trade in your old phone: see our <Link to="/trade-in">trade-in programme</Link>.
        </li>
        <li>
          Earn rewards by inviting friends through the Commissioner programme.
        </li>
      </ul>
      <h2>Contact us</h2>
      <p>
        Questions about an order or a product? Read our <Link to="/faqs">FAQs</Link> or email us at{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </>
  );
}
