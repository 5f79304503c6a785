// The header's cart panel (docs/product/cart-and-checkout.md#cart): a sheet sliding in from the right with the lines,
// UPDATE CART and VIEW CART (both /cart) and CHECKOUT (only when a checkout exists).
import * as Dialog from '@radix-ui/react-dialog';
import { OpenDialogPortal } from '../layout/OpenDialogPortal';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CART_MESSAGES } from '../../../common/checkout/checkout-messages';
import { formatPeso } from '../../../common/money';
import type { CartSummaryView } from '../checkout/types';
import { LineThumbnail } from './LineThumbnail';

type Props = {
  /** null when the customer has no checkout yet. */
  cart: CartSummaryView | null;
  count: number;
  /** The trigger's look: the desktop text button or the compact mobile icon. */
  trigger: (count: number) => ReactNode;
  triggerClassName?: string;
  /** The trigger shows only an icon: name it with aria-label (else visible text names it). */
  iconOnly?: boolean;
};

export function HeaderCartPanel({ cart, count, trigger, triggerClassName, iconOnly }: Props) {
  const [open, setOpen] = useState(false);
  const lines = cart?.lines ?? [];
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={triggerClassName} aria-label={iconOnly ? `Cart, ${count} items` : undefined}>
        {trigger(count)}
        {iconOnly ? null : <span className="sr-only">, {count} items</span>}
      </Dialog.Trigger>
      <OpenDialogPortal open={open}>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-96 max-w-[90vw] flex-col bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-gray-200 p-4">
            <Dialog.Title className="text-lg font-bold">Your Cart</Dialog.Title>
            <Dialog.Close className="rounded p-2" aria-label="Close cart">
              ✕
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Items in your cart</Dialog.Description>
          {lines.length === 0 ? (
            <p className="p-6 text-center text-gray-700">{CART_MESSAGES.emptyPanel}</p>
          ) : (
            <ul className="flex-1 divide-y divide-gray-200 overflow-y-auto px-4">
              {lines.map((line) => (
                <li key={line.id} className="flex gap-3 py-3">
                  <LineThumbnail url={line.thumbnailUrl} alt={line.thumbnailAlt} size={56} />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-semibold">{line.productName}</p>
                    {line.variantName ? <p className="text-gray-700">{line.variantName}</p> : null}
                    <p className="text-gray-700">Qty: {line.quantity}</p>
                  </div>
                  <p className="text-sm font-semibold">{formatPeso(line.totalPrice)}</p>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-auto flex flex-col gap-2 border-t border-gray-200 p-4">
            <Link to="/cart" className="btn-outline" onClick={close}>
              UPDATE CART
            </Link>
            <Link to="/cart" className="btn-secondary" onClick={close}>
              VIEW CART
            </Link>
            {cart ? (
              <Link to="/checkout" className="btn-primary" onClick={close}>
                CHECKOUT
              </Link>
            ) : null}
          </div>
        </Dialog.Content>
      </OpenDialogPortal>
    </Dialog.Root>
  );
}
