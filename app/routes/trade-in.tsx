import { Link } from 'react-router';
import type { Route } from './+types/trade-in';
import { seoMeta } from '../components/catalogue/seo';

const DESCRIPTION = 'Trade in your old phone for credit towards a new one. We accept more than 1,500 models.';

export const meta: Route.MetaFunction = ({ data }) => seoMeta({ title: 'Trade-in', description: DESCRIPTION, url: data?.canonical });

export function loader({ context }: Route.LoaderArgs) {
  return { canonical: `${context.publicUrl}/trade-in` };
}

const STEPS = [
  { title: 'Get a quote', text: 'Tell our trade-in partner your phone’s model and condition to get an instant estimate.' },
  { title: 'Hand it over', text: 'Bring the phone to a partner centre or have it picked up; it is checked in minutes.' },
  { title: 'Upgrade', text: 'Use the value towards your next phone from Suki.' },
];

export default function TradeIn() {
  return (
    <div>
      <section className="bg-gradient-to-br from-secondary-light to-primary-light">
        <div className="container-page py-14 text-center">
          <h1 className="text-3xl font-extrabold sm:text-4xl">Trade in your old phone</h1>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-gray-700">
            Turn the phone in your drawer into credit for a new one. Our trade-in partner accepts more than 1,500 models.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/about-trade-in/" className="btn-primary">
              How it works
            </Link>
            <Link to="/faq-trade-in/" className="btn-outline">
              Trade-in FAQ
            </Link>
          </div>
        </div>
      </section>
      <section className="container-page py-10" aria-labelledby="steps">
        <h2 id="steps" className="text-2xl font-bold">
          Three simple steps
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-lg border border-gray-200 p-5">
              <p className="text-3xl font-extrabold text-amber-800">{i + 1}</p>
              <h3 className="mt-2 font-semibold">{s.title}</h3>
              <p className="mt-1 text-sm text-gray-700">{s.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8">
          <Link to="/shop" className="btn-secondary">
            Browse new phones
          </Link>
        </p>
      </section>
    </div>
  );
}
