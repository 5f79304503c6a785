import { Link } from 'react-router';
import type { Route } from './+types/about-trade-in';
import { StaticPage } from '../components/catalogue/StaticPage';
import { seoMeta } from '../components/catalogue/seo';

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'About Trade-in',
    description: 'How the Suki trade-in programme works: quote, inspection and credit for more than 1,500 phone models.',
    url: data?.canonical,
  });

export function loader({ context }: Route.LoaderArgs) {
  return { canonical: `${context.publicUrl}/about-trade-in` };
}

export default function AboutTradeIn() {
  return (
    <StaticPage title="About Trade-in" subtitle="More than 1,500 models accepted">
      <p>
        Suki works with a trade-in partner that values used phones fairly and quickly. The value of your old phone is
        credited towards a new device from our shop.
      </p>
      <h2>What you need</h2>
      <ul>
        <li>Your phone, its charger if you still have it, and a valid government ID.</li>
        <li>The phone signed out of every account (Apple ID, Google, Samsung) and reset to factory settings.</li>
        <li>Your personal data backed up: the partner wipes the device after inspection.</li>
      </ul>
      <h2>How the value is set</h2>
      <p>
        The quote depends on the model, storage, and condition of the screen, body, battery and functions. The final
        value is confirmed after inspection.
      </p>
      <p>
        Questions? Read the <Link to="/faq-trade-in/">trade-in FAQ</Link>.
      </p>
    </StaticPage>
  );
}
