import { TRUST_PROMISES, type TrustPromise } from '../../../common/shop-promises';

/**
 * The shop's promises as one wrapping row of titles (TrustStrip.tsx has the longer forms), for
 * beside a final button such as Place Order, where a shopper wants the reassurance at a glance.
 */
export function TrustLine({ only }: { only: TrustPromise['id'][] }) {
  return (
    <ul aria-label="Our promises" className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-gray-700">
      {TRUST_PROMISES.filter((p) => only.includes(p.id)).map((p) => (
        <li key={p.id} className="flex items-center gap-1.5">
          <img src={`/trust-icons/${p.id}.svg`} alt="" width={16} height={16} className="shrink-0" />
          <span>{p.title}</span>
        </li>
      ))}
    </ul>
  );
}
