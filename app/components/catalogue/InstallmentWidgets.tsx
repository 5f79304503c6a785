import { useId, useState } from 'react';
import {
  DEFAULT_INSTALLMENT_TERM,
  FIXED_INSTALLMENT_TERM,
  INSTALLMENT_TERMS,
  installmentPlan,
} from '../../../common/catalogue/display';
import { formatPeso, pesosToCentavos } from '../../../common/money';

const peso = (p: number) => formatPeso(pesosToCentavos(p));

/** Two calculators for installment-ready products: a chosen term (1-12, default 12) and 3 months. */
export function InstallmentWidgets({ price }: { price: number }) {
  const [term, setTerm] = useState(DEFAULT_INSTALLMENT_TERM);
  const id = useId();
  const chosen = installmentPlan(price, term);
  const fixed = installmentPlan(price, FIXED_INSTALLMENT_TERM);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-lg border border-secondary/40 bg-secondary-light p-4 sm:grid-cols-2">
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
        <PlanLines downPayment={chosen.downPayment} monthly={chosen.monthly} term={chosen.term} />
      </div>
      <div className="rounded bg-white p-3">
        <p className="text-sm font-medium">3 months</p>
        <PlanLines downPayment={fixed.downPayment} monthly={fixed.monthly} term={fixed.term} />
      </div>
    </section>
  );
}

function PlanLines({ downPayment, monthly, term }: { downPayment: number; monthly: number; term: number }) {
  return (
    <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
      <dt className="text-gray-600">Down payment</dt>
      <dd className="text-right font-semibold">{peso(downPayment)}</dd>
      <dt className="text-gray-600">Monthly × {term}</dt>
      <dd className="text-right font-semibold">{peso(monthly)}</dd>
    </dl>
  );
}
