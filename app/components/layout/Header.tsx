import * as Dialog from '@radix-ui/react-dialog';
import { OpenDialogPortal } from './OpenDialogPortal';
import { useState } from 'react';
import { Form, Link, NavLink, useSearchParams } from 'react-router';
import { SHOP_NAME } from '../../../common/shop-info';
import type { Viewer } from '../../graphql/viewer';
import { HeaderCartPanel } from '../cart/HeaderCartPanel';
import type { CartSummaryView } from '../checkout/types';
import { useAuthDialogs } from '../accounts/AuthDialogs';

type HeaderProps = {
  viewer: Viewer | null;
  /** Sum of the quantities of the cart's lines. */
  cartCount?: number;
  /** The cart panel's lines; null when the customer has no checkout. */
  cart?: CartSummaryView | null;
};

export function Header({ viewer, cartCount = 0, cart = null }: HeaderProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      <div className="container-page flex h-14 items-center gap-2 md:h-16 md:gap-3">
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Trigger className="rounded p-2 md:hidden" aria-label="Open menu">
            <MenuIcon />
          </Dialog.Trigger>
          <OpenDialogPortal open={drawerOpen}>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white p-4 shadow-xl">
              <div className="flex items-center justify-between">
                <Dialog.Title className="text-xl font-bold text-primary">{SHOP_NAME}</Dialog.Title>
                <Dialog.Close className="rounded p-2" aria-label="Close menu">
                  ✕
                </Dialog.Close>
              </div>
              <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
              <nav aria-label="Mobile" className="mt-4 flex flex-col gap-1" onClick={() => setDrawerOpen(false)}>
                <NavItems viewer={viewer} cartCount={cartCount} vertical />
              </nav>
            </Dialog.Content>
          </OpenDialogPortal>
        </Dialog.Root>

        <Link to="/" className="text-xl font-extrabold tracking-tight text-primary-dark md:text-2xl">
          {SHOP_NAME}
        </Link>
        {/* On every page and width, as on the big marketplaces (it was only in the drawer on phones). */}
        <div className="min-w-0 flex-1">
          <SearchBox />
        </div>
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          <NavItems viewer={viewer} cartCount={cartCount} cart={cart} />
        </nav>
        {viewer ? (
          <HeaderCartPanel
            cart={cart}
            count={cartCount}
            triggerClassName="relative rounded p-2 md:hidden"
            iconOnly
            trigger={(count) => (
              <>
                <CartIcon />
                <CartBadge count={count} />
              </>
            )}
          />
        ) : null}
      </div>
    </header>
  );
}

function NavItems({ viewer, cartCount, cart = null, vertical = false }: HeaderProps & { vertical?: boolean }) {
  const item = vertical
    ? 'rounded px-3 py-2 text-base font-medium hover:bg-gray-100'
    : 'rounded px-3 py-2 text-sm font-medium hover:bg-gray-100';
  const active = ({ isActive }: { isActive: boolean }) => `${item} ${isActive ? 'text-secondary-dark underline underline-offset-4' : ''}`;
  const { openAuth } = useAuthDialogs();
  return (
    <>
      <NavLink to="/shop" className={active}>Shop</NavLink>
      <NavLink to="/tire-search" className={active}>Tire Search</NavLink>
      {viewer ? (
        <>
          <NavLink to="/account" className={(state) => `${active(state)} relative`}>
            Account
            {viewer.unreadOrdersCount ? (
              <>
                <span aria-hidden="true" className="absolute right-0.5 top-1 h-2 w-2 rounded-full bg-red-600" data-testid="unread-orders-dot" />
                <span className="sr-only">, order updates</span>
              </>
            ) : null}
          </NavLink>
          {vertical ? (
            <NavLink to="/cart" className={(state) => `${active(state)} relative`}>
              Cart
              <CartBadge count={cartCount ?? 0} />
              <span className="sr-only">, {cartCount ?? 0} items</span>
            </NavLink>
          ) : (
            <HeaderCartPanel
              cart={cart}
              count={cartCount ?? 0}
              triggerClassName={`${item} relative`}
              trigger={(count) => (
                <>
                  Cart
                  <CartBadge count={count} />
                </>
              )}
            />
          )}
          <Form method="post" action="/logout" onSubmit={() => window.localStorage.clear()}>
            <button type="submit" className={`${item} w-full text-left`}>Logout</button>
          </Form>
        </>
      ) : (
        <>
          {/* A signed-in shopper's public pages are the visitors' (ADR 055), their account links
              filled in by the script: without it, these two reach the account and the cart
              (each asks a visitor to sign in). */}
          {vertical ? null : (
            <noscript>
              <a href="/account" className={item}>Account</a>
              <a href="/cart" className={item}>Cart</a>
            </noscript>
          )}
          {/* Links work without JavaScript; with it, the dialogs open on the current page. */}
          <Link to="/?open=signup" className={item} data-visitor-only="" onClick={(e) => { e.preventDefault(); openAuth('signup'); }}>Sign Up</Link>
          <Link to="/?open=login" className={vertical ? item : 'btn-primary ml-1'} data-visitor-only="" onClick={(e) => { e.preventDefault(); openAuth('login'); }}>Login</Link>
        </>
      )}
    </>
  );
}

function SearchBox() {
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/shop" role="search" className="flex w-full max-w-xl">
      <label htmlFor="search" className="sr-only">
        Search products
      </label>
      <input
        // A new address shows its own query (back, or a search from elsewhere).
        key={params.get('query') ?? ''}
        id="search"
        type="search"
        name="query"
        enterKeyHint="search"
        defaultValue={params.get('query') ?? ''}
        placeholder="Search products"
        className="w-full min-w-0 rounded-l-md border border-gray-300 px-3 py-2 text-base focus:border-secondary focus:outline-none md:text-sm"
      />
      <button type="submit" className="rounded-r-md bg-secondary px-3 text-white" aria-label="Search">
        <SearchIcon />
      </button>
    </Form>
  );
}

function CartBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span aria-hidden="true" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-primary px-1 text-center text-xs font-bold text-gray-950">
      {count}
    </span>
  );
}

const iconProps = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, 'aria-hidden': true } as const;
const MenuIcon = () => (<svg {...iconProps}><path d="M3 6h18M3 12h18M3 18h18" /></svg>);
const SearchIcon = () => (<svg {...iconProps}><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></svg>);
const CartIcon = () => (<svg {...iconProps}><circle cx="9" cy="20" r="1.5" /><circle cx="18" cy="20" r="1.5" /><path d="M2 3h3l2.7 12.4a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8L21 7H6" /></svg>);
