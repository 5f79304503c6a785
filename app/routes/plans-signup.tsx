import type { Route } from './+types/plans-signup';
import { seoMeta } from '../components/catalogue/seo';

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({ title: 'Plans', description: 'Suki membership plans.', url: data?.canonical });

export function loader({ context }: Route.LoaderArgs) {
  return { canonical: `${context.publicUrl}/plans/signup` };
}

// These pages are placeholders (docs/product/content.md#trade-in-and-plans): the plans are
// described, and signing up is announced as coming soon rather than faked.
export default function PlansSignup() {
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-bold">Plans</h1>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <article className="rounded-lg border border-gray-200 p-6">
          <h2 className="text-xl font-semibold">Free plan</h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-gray-700">
            <li>Maximum of 1 item or a minimum purchase of P3,000.00</li>
            <li>1 month</li>
          </ul>
        </article>
        <article className="rounded-lg border border-gray-200 p-6">
          <h2 className="text-xl font-semibold">Monthly plan</h2>
          <p className="mt-3 text-2xl font-bold text-amber-800">499 PHP for 1 month</p>
          <p className="mt-2 text-gray-700">Billed Monthly or One Time Total Payment.</p>
        </article>
      </div>
      <p role="status" className="mt-6 rounded-md border border-dashed border-gray-300 bg-gray-50 p-4 text-gray-700">
        Plan sign-up is not open yet.
      </p>
    </section>
  );
}
