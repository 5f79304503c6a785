import { useId, useState } from 'react';
import {
  DEFAULT_INSTALLMENT_TERM,
  FIXED_INSTALLMENT_TERM,
  INSTALLMENT_TERMS,
  installmentPlan,
} from '../../../common/catalogue/display';
import type { InstallmentFactor } from '../../../common/catalogue/installment-factors';
import { NETWORK_ERROR_TEXT } from '../../../common/errors';
import { formatPeso, pesosToCentavos } from '../../../common/money';
import { useInstallmentFactors } from './use-installment-factors';

const peso = (p: number) => formatPeso(pesosToCentavos(p));

/** The buy-now-pay-later terms the shop offers at checkout, in the rulebook's words. */
export const BILLEASE_LINE = 'BillEase: 1/3 upfront, rest over up to 12 months, approval under 5 minutes.';

/**
 * Two calculators for installment-ready products: a chosen term (1-12, default 12) and 3 months,
 * with the provider's factor table (local storage or /graphql). Until the table is known, the
 * same boxes show placeholders of the figures' size, so nothing moves when they arrive.
 */
export function InstallmentWidgets({ price }: { price: number }) {
  const [term, setTerm] = useState(DEFAULT_INSTALLMENT_TERM);
  const id = useId();
  const factors = useInstallmentFactors();
  return (
    <section aria-labelledby={`${id}-title`} aria-busy={factors === undefined} className="grid gap-3 rounded-lg border border-secondary/40 bg-secondary-light p-4 sm:grid-cols-2">
      <h2 id={`${id}-title`} className="text-base font-semibold sm:col-span-2">
        Pay in installments
      </h2>
      <div className="rounded bg-white p-3">
        <label htmlFor={`${id}-term`} className="text-sm font-medium">
          Term
        </label>
        <select
          id={`${id}-term`}
          value={term}
          onChange={(e) => setTerm(Number(e.target.value))}
          className="ml-2 rounded border border-gray-300 px-2 py-1 text-sm"
        >
          {INSTALLMENT_TERMS.map((m) => (
            <option key={m} value={m}>
              {m} {m === 1 ? 'month' : 'months'}
            </option>
          ))}
        </select>
        <PlanLines price={price} term={term} factors={factors} />
      </div>
      <div className="rounded bg-white p-3">
        <p className="text-sm font-medium">3 months</p>
        <PlanLines price={price} term={FIXED_INSTALLMENT_TERM} factors={factors} />
      </div>
      <p className="text-sm text-gray-800 sm:col-span-2">{BILLEASE_LINE}</p>
    </section>
  );
}

/**
 * Same characters as a real figure, so the placeholder takes exactly its room; the characters are
 * hidden (visibility), not transparent, because transparent text is text no one can read (axe's
 * colour contrast rule says so, and it failed a CI run that looked while the table loaded).
 */
function Placeholder() {
  return (
    <span aria-hidden="true" className="animate-pulse rounded bg-gray-200">
      <span className="invisible">₱00,000.00</span>
    </span>
  );
}

function PlanLines({ price, term, factors }: { price: number; term: number; factors: InstallmentFactor[] | null | undefined }) {
  if (factors === null) {
    return (
      <p role="status" className="mt-2 min-h-[2.75rem] text-sm text-gray-700">
        {NETWORK_ERROR_TEXT}
      </p>
    );
  }
  const plan = factors ? installmentPlan(price, term, factors) : null;
  return (
    <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
      <dt className="text-gray-600">Down payment</dt>
      <dd className="text-right font-semibold">{plan ? peso(plan.downPayment) : <Placeholder />}</dd>
      <dt className="text-gray-600">Monthly × {term}</dt>
      <dd className="text-right font-semibold">{plan ? peso(plan.monthly) : <Placeholder />}</dd>
    </dl>
  );
}
