import { Link } from 'react-router';
import type { Route } from './+types/about';
import { CONTACT_EMAIL, SHOP_NAME, SHOP_TAGLINE } from '../../common/shop-info';
import { StaticPage } from '../components/catalogue/StaticPage';
import { seoMeta } from '../components/catalogue/seo';

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({ title: `About ${SHOP_NAME}`, description: SHOP_TAGLINE, url: data?.canonical });

export function loader({ context }: Route.LoaderArgs) {
  return { canonical: `${context.publicUrl}/about` };
}

export default function About() {
  return (
    <StaticPage title={`About ${SHOP_NAME}`} subtitle={SHOP_TAGLINE}>
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
        <li>Delivery across the Philippines in 3 to 5 business days, or pick-up at our store.</li>
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
    </StaticPage>
  );
}
