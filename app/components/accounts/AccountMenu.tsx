// The account side menu (docs/product/accounts.md#account-screens): a text version for wide screens and a compact
// icon version for narrow ones (each icon with a short label under it, scrolling sideways
// inside its own strip), with the same entries in the same order. The overview at /account
// shows the same pages as tiles (ACCOUNT_PAGES).
import { NavLink } from 'react-router';

export const ACCOUNT_MENU = [
  { to: '/account', label: 'My Account', icon: 'home', short: 'Account', end: true },
  { to: '/account/profile', label: 'Profile', icon: 'user', short: 'Profile', end: false },
  { to: '/account/addresses', label: 'Addresses', icon: 'pin', short: 'Addresses', end: false },
  { to: '/account/cards', label: 'Manage Cards', icon: 'card', short: 'Cards', end: false },
  { to: '/account/payment_methods', label: 'Payment Methods', icon: 'wallet', short: 'Payments', end: false },
  { to: '/account/watchlist', label: 'Watchlist', icon: 'heart', short: 'Watchlist', end: false },
  { to: '/account/orders', label: 'Orders', icon: 'box', short: 'Orders', end: false },
  { to: '/account/referrals', label: 'Patrons', icon: 'users', short: 'Patrons', end: false },
  { to: '/account/payouts', label: 'Payouts', icon: 'cash', short: 'Payouts', end: false },
] as const;

export type AccountIconName = (typeof ACCOUNT_MENU)[number]['icon'];
type IconName = AccountIconName;

export function AccountMenu() {
  return (
    <>
      <nav aria-label="Account" className="hidden w-56 shrink-0 md:block">
        <ul className="space-y-1">
          {ACCOUNT_MENU.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
                    isActive ? 'bg-secondary-light text-secondary-dark' : 'text-gray-800 hover:bg-gray-100'
                  }`
                }
              >
                <MenuIcon name={item.icon} />
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Account (compact)" className="md:hidden">
        <ul className="relative flex justify-between gap-1 overflow-x-auto border-b border-gray-200 pb-2">
          {ACCOUNT_MENU.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                title={item.label}
                className={({ isActive }) =>
                  `flex min-h-11 min-w-12 flex-col items-center justify-center gap-0.5 rounded-md px-1 py-1 ${
                    isActive ? 'bg-secondary-light text-secondary-dark' : 'text-gray-700 hover:bg-gray-100'
                  }`
                }
              >
                <MenuIcon name={item.icon} />
                <span className="sr-only">{item.label}</span>
                <span className="text-[11px] leading-tight font-medium" aria-hidden="true">
                  {item.short}
                </span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

const iconProps = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export function MenuIcon({ name }: { name: IconName }) {
  switch (name) {
    case 'home':
      return (<svg {...iconProps}><path d="M3 11l9-7 9 7" /><path d="M5 10v10h14V10" /><path d="M10 20v-6h4v6" /></svg>);
    case 'pin':
      return (<svg {...iconProps}><path d="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z" /><circle cx="12" cy="9" r="2.5" /></svg>);
    case 'user':
      return (<svg {...iconProps}><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></svg>);
    case 'card':
      return (<svg {...iconProps}><rect x="2" y="5" width="20" height="14" rx="2" /><path d="M2 10h20" /></svg>);
    case 'wallet':
      return (<svg {...iconProps}><path d="M3 7h16a2 2 0 0 1 2 2v10H5a2 2 0 0 1-2-2z" /><path d="M3 7l12-4v4" /><circle cx="16" cy="13" r="1" /></svg>);
    case 'heart':
      return (<svg {...iconProps}><path d="M12 21s-8-5.5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.5-8 11-8 11z" /></svg>);
    case 'box':
      return (<svg {...iconProps}><path d="M3 7l9-4 9 4v10l-9 4-9-4z" /><path d="M3 7l9 4 9-4M12 11v10" /></svg>);
    case 'users':
      return (<svg {...iconProps}><circle cx="9" cy="8" r="3.5" /><path d="M2 20a7 7 0 0 1 14 0" /><path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14a7 7 0 0 1 4 6" /></svg>);
    case 'cash':
      return (<svg {...iconProps}><rect x="2" y="6" width="20" height="12" rx="2" /><circle cx="12" cy="12" r="2.5" /></svg>);
  }
}
