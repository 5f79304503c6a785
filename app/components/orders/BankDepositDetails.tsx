// Where to pay a Bank Deposit order and what to do next: in the order-placed dialog, and on the
// order page for as long as the order waits for the deposit.
import { BANK_DETAILS_ROWS, bankDepositSteps } from '../../../common/orders/order-placed';
import { peso } from './OrderCard';

export function BankDepositDetails({ order, headingLevel = 3 }: { order: { referenceKey: string; total: number } | null; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="bank-details-title" className="rounded-md border border-gray-200 bg-gray-50 p-3 text-sm">
      <Heading id="bank-details-title" className="font-bold">
        Bank deposit details
      </Heading>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {BANK_DETAILS_ROWS.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-700">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
        {order ? (
          <div className="contents">
            <dt className="text-gray-700">Amount</dt>
            <dd className="font-semibold">{peso(order.total)}</dd>
          </div>
        ) : null}
      </dl>
      <Heading className="mt-3 font-bold">What to do next</Heading>
      <ol className="mt-1 list-decimal space-y-1 pl-5">
        {bankDepositSteps(peso(order?.total ?? 0), order?.referenceKey ?? '').map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
