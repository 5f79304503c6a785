import { lazy, Suspense, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { QuantityInput } from '../../../common/catalogue/product-rules';
import { checkVoucherAmount } from '../../../common/catalogue/product-rules';
import { lowStockHint } from '../../../common/catalogue/stock';
import type { ProfileAddress } from '../../graphql/accounts-profile';
import { fillPending } from '../../lib/personal-fill';
import { LoginLink } from '../accounts/LoginLink';

// The cart's slide-in loads when something was added: the product page's first load stays
// within the 150 KB JavaScript budget (bench/js-budget.ts: 149.8 KB with it in).
const CartSlideIn = lazy(() => import('../cart/CartSlideIn').then((m) => ({ default: m.CartSlideIn })));
// Asked for only when a shopper without an address adds to the cart: not in the product page's first load.
const AddressNeededDialog = lazy(() => import('./AddressNeededDialog').then((m) => ({ default: m.AddressNeededDialog })));

/** The /cart action's answer (contract with the cart screens). */
export type AddToCartResult =
  | { ok: true; cartCount: number; notice?: string }
  | {
      ok: false;
      message: string;
      reason?: 'login' | 'address' | 'stock';
      detail?: string;
      addresses?: { shipping: ProfileAddress | null; billing: ProfileAddress | null };
    };

export const ADD_TO_CART_TEXT = {
  selectVariant: 'Please select a variant',
  enterQuantity: 'Please enter the quantity',
  outOfStock: 'Out of stock.',
  login: 'Please signup/login to unlock add to cart',
  address: 'Please add your billing and shipping address to add this item to your cart.',
} as const;

type Props = {
  signedIn: boolean;
  variant: { id: string; isAvailable: boolean; stockQuantity?: number } | null;
  quantity: QuantityInput;
  isVoucher: boolean;
  /** Digits typed in the custom amount box (vouchers only). */
  customAmount: string;
};

/** ADD TO CART: the rulebook's client-side rules, then a POST to /cart, then the outcome. */
export function AddToCart({ signedIn, variant, quantity, isVoucher, customAmount }: Props) {
  const fetcher = useFetcher<AddToCartResult>();
  // A complaint belongs to the choice it was made about; a new choice hides it (login ones stay).
  const choiceKey = `${variant?.id ?? ''}|${quantity}|${customAmount}`;
  const [complaint, setComplaint] = useState<{ text: string; login?: boolean; key: string } | null>(null);
  const problem = complaint && (complaint.login || complaint.key === choiceKey) ? complaint : null;
  const setProblem = (p: { text: string; login?: boolean } | null) => setComplaint(p ? { ...p, key: choiceKey } : null);
  const [dialog, setDialog] = useState<'added' | 'address' | null>(null);
  // Focus goes back here when the cart's slide-in closes.
  const button = useRef<HTMLButtonElement>(null);
  const [handled, setHandled] = useState<AddToCartResult | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const [savedAddresses, setSavedAddresses] = useState<{ shipping: ProfileAddress | null; billing: ProfileAddress | null }>({
    shipping: null,
    billing: null,
  });

  // Each answer from /cart is shown once (React's "adjust state while rendering" pattern).
  if (fetcher.data !== handled) {
    setHandled(fetcher.data);
    const result = fetcher.data;
    if (result?.ok) {
      setProblem(null);
      setNotice(result.notice ?? null);
      setDialog('added');
    } else if (result?.reason === 'login') {
      setProblem({ text: ADD_TO_CART_TEXT.login, login: true });
    } else if (result?.reason === 'address') {
      setProblem(null);
      if (result.addresses) setSavedAddresses(result.addresses);
      setDialog('address');
    } else if (result) {
      setProblem({ text: [result.message || 'Error', result.reason === 'stock' ? result.detail : null].filter(Boolean).join(' ') });
    }
  }

  const unavailable = variant != null && !variant.isAvailable;
  const hint = !unavailable && !isVoucher ? lowStockHint(variant?.stockQuantity) : null;
  const amount = isVoucher ? checkVoucherAmount(customAmount) : null;
  const disabled = unavailable || fetcher.state !== 'idle' || amount?.state === 'empty';

  function add() {
    // Before a signed-in shopper's fill lands the page still says visitor (ADR 055): the server,
    // which sees the session, answers 'login' itself if there is none.
    if (!signedIn && !fillPending()) return setProblem({ text: ADD_TO_CART_TEXT.login, login: true });
    if (!variant) return setProblem({ text: ADD_TO_CART_TEXT.selectVariant });
    if (!isVoucher && quantity === '') return setProblem({ text: ADD_TO_CART_TEXT.enterQuantity });
    if (amount && amount.state === 'invalid') return setProblem({ text: amount.message });
    setProblem(null);
    const form = new FormData();
    form.set('intent', 'addToCart');
    form.set('variantId', variant.id);
    form.set('quantity', String(isVoucher ? 1 : quantity));
    if (amount?.state === 'valid') form.set('customAmount', String(amount.pesos));
    void fetcher.submit(form, { method: 'post', action: '/cart' });
  }

  return (
    <div className="space-y-2">
      <button ref={button} type="button" className="btn-primary w-full sm:w-auto" onClick={add} disabled={disabled}>
        {fetcher.state !== 'idle' ? 'ADDING…' : 'ADD TO CART'}
      </button>
      <div role="alert" className="text-sm">
        {unavailable ? <p className="font-semibold text-red-700">{ADD_TO_CART_TEXT.outOfStock}</p> : null}
        {hint ? (
          <p className="font-semibold text-orange-800" data-testid="low-stock">
            {hint}
          </p>
        ) : null}
        {problem ? (
          <p className="text-red-700">
            {problem.text}
            {problem.login ? (
              <>
                {' '}
                <LoginLink />
              </>
            ) : null}
          </p>
        ) : null}
      </div>

      {/* The cart slides in with what was added (the rulebook's header panel, "cart slide"). */}
      {dialog === 'added' ? (
        <Suspense fallback={null}>
          <CartSlideIn open onOpenChange={(o) => setDialog(o ? 'added' : null)} notice={notice} returnFocusTo={button} />
        </Suspense>
      ) : null}

      {dialog === 'address' ? (
        <Suspense fallback={null}>
          <AddressNeededDialog
            open
            onOpenChange={(o) => setDialog(o ? 'address' : null)}
            message={ADD_TO_CART_TEXT.address}
            addresses={savedAddresses}
            onContinue={add}
            busy={fetcher.state !== 'idle'}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
