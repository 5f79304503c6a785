// "Address needed" when ADD TO CART finds no billing or shipping address: the shopper adds them
// here, over the product, and goes on adding the item, instead of being sent to an account page
// to look for menus. The forms are the account page's own (same rules, same messages), loaded
// when the dialog opens so the product page's first load does not carry them.
import { lazy, Suspense, useEffect } from 'react';
import { useFetcher } from 'react-router';
import type { ProfileAddress } from '../../graphql/accounts-profile';
import type { PlacesData } from '../../routes/places';
import { Modal } from './Modal';

const AddressAccordion = lazy(() => import('../accounts/AddressAccordion').then((m) => ({ default: m.AddressAccordion })));

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message: string;
  addresses: { shipping: ProfileAddress | null; billing: ProfileAddress | null };
  /** Adds the item again, now that the addresses are saved. */
  onContinue: () => void;
  busy: boolean;
};

export function AddressNeededDialog({ open, onOpenChange, message, addresses, onContinue, busy }: Props) {
  const provinces = useFetcher<PlacesData>({ key: 'address-needed-provinces' });
  useEffect(() => {
    if (open && !provinces.data && provinces.state === 'idle') void provinces.load('/places');
    // Only opening matters; the fetcher object changes on every load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Address needed">
      <p>{message}</p>
      <p className="mt-2 text-sm text-gray-700">Save them here, then add the item to your cart.</p>
      <div className="mt-3">
        {provinces.data ? (
          <Suspense fallback={<p className="text-sm text-gray-700">Loading…</p>}>
            <AddressAccordion shipping={addresses.shipping} billing={addresses.billing} provinces={provinces.data.places} />
          </Suspense>
        ) : (
          <p className="text-sm text-gray-700">Loading…</p>
        )}
      </div>
      <div className="mt-4 flex justify-end">
        <button type="button" className="btn-primary" onClick={onContinue} disabled={busy}>
          {busy ? 'ADDING…' : 'ADD TO CART'}
        </button>
      </div>
    </Modal>
  );
}
