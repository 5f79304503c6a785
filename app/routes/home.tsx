import { Link } from 'react-router';
import type { Route } from './+types/home';
import { SHOP_NAME, SHOP_TAGLINE } from '../../common/shop-info';

export const meta: Route.MetaFunction = () => [
  { title: `${SHOP_NAME} | Gadgets, accessories and tires in the Philippines` },
  { name: 'description', content: SHOP_TAGLINE },
];

export default function Home() {
  return (
    <section className="bg-gradient-to-br from-primary-light to-secondary-light">
      <div className="container-page py-16 text-center sm:py-24">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
          Welcome to <span className="text-primary-dark">{SHOP_NAME}</span>
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-700">{SHOP_TAGLINE}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/shop" className="btn-primary">Shop Now</Link>
          <Link to="/tire-search" className="btn-secondary">Tire Search</Link>
        </div>
      </div>
    </section>
  );
}
