// The ship-to address on the staff orders table and order page, whole, as a courier needs it:
// name, street, barangay and city, province and postal code, and the phone to call.
import { shipToLine, shipToLines, shipToPhone, type ShipToAddress } from '../../../common/orders/ship-to';

function Phone({ phone }: { phone: string | null | undefined }) {
  const shown = shipToPhone(phone);
  if (!shown) return null;
  return shown.href ? (
    <a href={shown.href} className="whitespace-nowrap underline">
      {shown.text}
    </a>
  ) : (
    <span className="whitespace-nowrap">{shown.text}</span>
  );
}

/** The order page's block: one line of the label per line, then the phone; for a pickup, who collects it. */
export function ShipToBlock({ address, pickup }: { address: ShipToAddress | null; pickup: boolean }) {
  if (pickup || !address) {
    return (
      <section aria-labelledby="ship-to-title" className="rounded border border-gray-200 bg-white p-4">
        <h2 id="ship-to-title" className="text-lg font-semibold">
          Store pickup
        </h2>
        <p className="mt-2">Nothing to ship: the customer collects the order.</p>
        {address ? (
          <p className="mt-1">
            {address.firstName} {address.lastName} · <Phone phone={address.phone} />
          </p>
        ) : null}
      </section>
    );
  }
  return (
    <section aria-labelledby="ship-to-title" className="rounded border border-gray-200 bg-white p-4">
      <h2 id="ship-to-title" className="text-lg font-semibold">
        Ship to
      </h2>
      {
        <address className="mt-2 not-italic leading-relaxed">
          {shipToLines(address).map((line, i) => (
            <span key={i} className={i === 0 ? 'block font-semibold' : 'block'}>
              {line}
            </span>
          ))}
          <span className="block">
            <Phone phone={address.phone} />
          </span>
        </address>
      }
    </section>
  );
}

/** The orders table's cell: name and phone, then the address on one line (or "Store pickup"). */
export function ShipToCell({ address, pickup }: { address: ShipToAddress | null; pickup: boolean }) {
  return (
    <div data-testid="ship-to" className="min-w-64 max-w-sm">
      {address ? (
        <>
          <span className="font-medium">
            {address.firstName} {address.lastName}
          </span>{' '}
          · <Phone phone={address.phone} />
        </>
      ) : null}
      <span className="block text-gray-700">{pickup || !address ? 'Store pickup' : shipToLine(address)}</span>
    </div>
  );
}
