// The Review Checkout modal shown before placing the order: lines as a table on wide screens
// and as stacked cards on narrow ones, the addresses (or the fixed pickup address and phone),
// the payment method, the totals and Place Order.
import { PICKUP_LOCATION, gatewayDisplayName, isCashOnDelivery } from '../../../common/checkout/gateways';
import { formatPeso } from '../../../common/money';
import { formatPhone } from '../../../common/validation/address';
import { TrustLine } from '../layout/TrustLine';
import { CheckoutDialog } from './CheckoutDialog';
import { shippingLabel } from './OrderSummary';
import type { AddressView, CheckoutView } from './types';

type Props = {
  open: boolean;
  onClose: () => void;
  checkout: CheckoutView;
  shippingKind: 'pickup' | 'delivery' | null;
  gateway: string;
  placing: boolean;
  onPlaceOrder: () => void;
};

export function ReviewCheckoutModal({ open, onClose, checkout, shippingKind, gateway, placing, onPlaceOrder }: Props) {
  const method = checkout.shippingMethods.find((m) => m.id === checkout.shippingMethodId);
  const cod = isCashOnDelivery(gateway);
  return (
    <CheckoutDialog
      open={open}
      onClose={placing ? undefined : onClose}
      title="Review Checkout"
      wide
      footer={
        <>
          <button type="button" className="btn-outline" onClick={onClose} disabled={placing}>
            Back
          </button>
          <button type="button" className="btn-primary" onClick={onPlaceOrder} disabled={placing}>
            {placing ? 'Placing Order…' : 'Place Order'}
          </button>
        </>
      }
    >
      {/* Desktop: one table. */}
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b border-gray-300">
          <tr>
            <th scope="col" className="py-2">Product</th>
            <th scope="col" className="py-2 text-right">Price</th>
            <th scope="col" className="py-2 text-right">Quantity</th>
            <th scope="col" className="py-2 text-right">Total</th>
          </tr>
        </thead>
        <tbody>
          {checkout.lines.map((line) => (
            <tr key={line.id} className="border-b border-gray-100">
              <td className="py-2">
                <span className="font-medium">{line.productName}</span>
                {line.variantName ? <span className="block text-gray-700">{line.variantName}</span> : null}
              </td>
              <td className="py-2 text-right">{formatPeso(line.unitPrice)}</td>
              <td className="py-2 text-right">{line.quantity}</td>
              <td className="py-2 text-right font-semibold">{formatPeso(line.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* Mobile: one card per line. */}
      <ul className="space-y-2 md:hidden">
        {checkout.lines.map((line) => (
          <li key={line.id} className="rounded border border-gray-200 p-2 text-sm">
            <p className="font-medium">{line.productName}</p>
            {line.variantName ? <p className="text-gray-700">{line.variantName}</p> : null}
            <dl className="mt-1 grid grid-cols-2 gap-x-2">
              <dt className="text-gray-700">Price</dt>
              <dd className="text-right">{formatPeso(line.unitPrice)}</dd>
              <dt className="text-gray-700">Quantity</dt>
              <dd className="text-right">{line.quantity}</dd>
              <dt className="text-gray-700">Total</dt>
              <dd className="text-right font-semibold">{formatPeso(line.totalPrice)}</dd>
            </dl>
          </li>
        ))}
      </ul>

      <div className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <section>
          <h3 className="font-semibold">Shipping Method</h3>
          <p>{method?.name ?? '—'}</p>
          {shippingKind === 'pickup' ? (
            <>
              <h3 className="mt-2 font-semibold">Pickup Address</h3>
              <p>{PICKUP_LOCATION.address}</p>
              <p>Phone: {PICKUP_LOCATION.phone}</p>
            </>
          ) : (
            <>
              <h3 className="mt-2 font-semibold">Shipping Address</h3>
              <AddressLines address={checkout.shippingAddress} />
            </>
          )}
        </section>
        <section>
          <h3 className="font-semibold">Billing Address</h3>
          <AddressLines address={checkout.billingAddress} />
          <h3 className="mt-2 font-semibold">Payment Method</h3>
          <p>{gatewayDisplayName(gateway)}</p>
        </section>
      </div>

      <dl className="mt-4 space-y-1 border-t border-gray-200 pt-3 text-sm">
        <Total label="Subtotal" value={formatPeso(checkout.subtotal)} />
        <Total label="Shipping" value={shippingLabel(checkout, shippingKind)} />
        {checkout.hasInsurance ? <Total label="Shipping Insurance" value={formatPeso(checkout.insurance)} /> : null}
        {cod && checkout.cashOnDeliveryFee > 0 ? (
          <Total label="Cash on Delivery Fee" value={formatPeso(checkout.cashOnDeliveryFee)} />
        ) : null}
        {checkout.appliedPaypalFee > 0 ? <Total label="PayPal Fee" value={formatPeso(checkout.appliedPaypalFee)} /> : null}
        {checkout.discount > 0 ? <Total label="Discount" value={`-${formatPeso(checkout.discount)}`} /> : null}
        <div className="flex justify-between text-base font-bold">
          <dt>Total</dt>
          <dd>{formatPeso(checkout.total)}</dd>
        </div>
      </dl>
      <div className="mt-4 rounded-md bg-gray-50 px-3 py-2">
        <TrustLine only={shippingKind === 'pickup' ? ['payment', 'returns'] : ['payment', 'delivery', 'returns']} />
      </div>
    </CheckoutDialog>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-gray-700">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function AddressLines({ address }: { address: AddressView | null }) {
  if (!address) return <p>—</p>;
  return (
    <address className="not-italic">
      {address.firstName} {address.lastName}
      <br />
      {address.streetAddress1}
      {address.streetAddress2 ? `, ${address.streetAddress2}` : ''}
      <br />
      {address.cityArea}, {address.city}, {address.countryArea} {address.postalCode}
      <br />
      {formatPhone(address.phone)}
    </address>
  );
}
