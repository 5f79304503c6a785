import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from 'react-router';
import type { Route } from './+types/root';
import { COOKIE_CONSENT_COOKIE, SHOP_NAME, SHOP_TAGLINE } from '../common/shop-info';
import { CookieBanner } from './components/layout/CookieBanner';
import { Footer } from './components/layout/Footer';
import { Header } from './components/layout/Header';
import { AuthDialogsProvider } from './components/accounts/AuthDialogs';
import { facebookAppId } from './lib/facebook.server';
import { NetworkErrorPage, NotFoundPage } from './components/layout/ErrorPages';
import { query } from './lib/api.server';
import { personalParts } from './lib/personal-parts.server';
import { SellerFooterQuery, sellerFooterLines } from './graphql/seller-details';
import { readCookie } from './lib/cookies';
import { useNonce } from './lib/nonce';
import { useCachedMain } from './lib/cached-main';
import { PENDING_FILL_SCRIPT, usePersonalFill, useRootData } from './lib/personal-fill';
// The stylesheet as a URL, linked first in the head (see Layout).
import appCss from './app.css?url';

export const meta: Route.MetaFunction = () => [
  { title: `${SHOP_NAME} | Gadgets, accessories and tires in the Philippines` },
  { name: 'description', content: SHOP_TAGLINE },
];

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  // Lets a phone add the shop to its home screen (name, colours, icons).
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The seller's registered details for the footer: the same for everyone, read through the
  // table cache (a change notifies every process and starts a new stored-page generation).
  const [{ viewer, cart, cartCount }, { sellerDetails: seller }] = await Promise.all([personalParts(context), query(context, SellerFooterQuery)]);
  const cookieHeader = request.headers.get('cookie');
  return {
    viewer,
    cart,
    cartCount,
    sellerLines: sellerFooterLines(seller),
    cookieConsent: readCookie(cookieHeader, COOKIE_CONSENT_COOKIE) === '1',
    year: new Date().getFullYear(),
    facebookAppId: facebookAppId(),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // With the fill's personal parts of a signed-in shopper's public page (ADR 055).
  const data = useRootData();
  // The back office has its own shell: no storefront header, footer or cookie banner.
  const backOffice = useMatches().some((m) => m.id === 'routes/staff');
  // Server only: the route's markup rendered before from the same loader data (ADR 028). The
  // browser renders the route itself and hydrates it over the same bytes.
  const cachedMain = useCachedMain();
  return (
    // suppressHydrationWarning: the head's script below may mark <html> before hydration (ADR 055).
    <html lang="en-PH" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PENDING_FILL_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React writes it at the top of the head: the page's one
            render-blocking request starts first (it came after ~30 modulepreloads; ADR 059). */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <meta name="theme-color" content="#f7931e" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">
          Skip to content
        </a>
        <AuthDialogsProvider viewer={data?.viewer ?? null} facebookAppId={data?.facebookAppId ?? null}>
          {/* Fixed at the bottom of the screen, but first in the document: it is a new visitor's
              largest text, and so is painted with the page's first paint, not after the footer. */}
          {data && !data.cookieConsent && !backOffice ? <CookieBanner /> : null}
          {backOffice ? null : <Header viewer={data?.viewer ?? null} cart={data?.cart ?? null} cartCount={data?.cartCount ?? 0} />}
          {cachedMain !== null ? (
            <main id="main" className="flex-1" dangerouslySetInnerHTML={{ __html: cachedMain }} />
          ) : (
            <main id="main" className="flex-1">
              {children}
            </main>
          )}
          {backOffice ? null : <Footer year={data?.year ?? new Date().getFullYear()} sellerLines={data?.sellerLines ?? []} />}
        </AuthDialogsProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // A signed-in shopper's public page came as the visitors' (ADR 055): fill the personal parts.
  usePersonalFill();
  return <Outlet />;
}

export function ErrorBoundary() {
  usePersonalFill();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <NetworkErrorPage />;
}
