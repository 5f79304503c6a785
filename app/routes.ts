// Mirrors the rulebook's route table (docs/product/content.md#routes).
import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx', { id: 'shop' }),
  // Also serves /shop/best-deals/today.
  route('shop/:type/:id', 'routes/shop.tsx', { id: 'shop-filtered' }),
  route('tire-search', 'routes/tire-search.tsx', { id: 'tire-search' }),
  route('tire-search/:type/:id', 'routes/tire-search.tsx', { id: 'tire-search-filtered' }),
  route('product/:id', 'routes/product.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('account', 'routes/account.tsx', [
    index('routes/account-dashboard.tsx'),
    route('profile', 'routes/account-profile.tsx'),
    route('addresses', 'routes/account-addresses.tsx'),
    route('orders', 'routes/account-orders.tsx'),
    route('order-details/:id', 'routes/account-order-details.tsx'),
    route('watchlist', 'routes/account-watchlist.tsx'),
    route(':type/:id?', 'routes/account-panel.tsx'),
  ]),
  route('payment/:type', 'routes/payment.tsx'),
  route('card/new', 'routes/card-new.tsx'),
  route('verify', 'routes/verify.tsx'),
  route('reset', 'routes/reset.tsx'),
  route('categories', 'routes/categories.tsx'),
  route('brands', 'routes/brands.tsx'),
  route('terms-conditions', 'routes/terms-conditions.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('faqs', 'routes/faqs.tsx'),
  route('about', 'routes/about.tsx'),
  route('trade-in', 'routes/trade-in.tsx'),
  route('faq-trade-in', 'routes/faq-trade-in.tsx'),
  route('about-trade-in', 'routes/about-trade-in.tsx'),
  route('plans/signup', 'routes/plans-signup.tsx'),
  route('logout', 'routes/logout.tsx'),
  // The back office: staff only, same session.
  route('staff', 'routes/staff.tsx', [
    index('routes/staff-dashboard.tsx'),
    route('orders', 'routes/staff-orders.tsx'),
    route('orders/:id', 'routes/staff-order.tsx'),
    route('team', 'routes/staff-team.tsx'),
    route('payouts', 'routes/staff-payouts.tsx'),
    route('referral-flags', 'routes/staff-referral-flags.tsx'),
    route('products', 'routes/staff-products.tsx'),
    route('products/new', 'routes/staff-product-new.tsx'),
    route('products/:id', 'routes/staff-product.tsx'),
    route('content', 'routes/staff-content.tsx', [
      index('routes/staff-content-items.tsx', { id: 'staff-content-banners' }),
      route('announcements', 'routes/staff-content-items.tsx', { id: 'staff-content-announcements' }),
      route('testimonials', 'routes/staff-content-items.tsx', { id: 'staff-content-testimonials' }),
      route('pages', 'routes/staff-content-pages.tsx'),
      route('pages/:slug', 'routes/staff-content-page.tsx'),
    ]),
    route('settings', 'routes/staff-settings.tsx'),
    route('privacy-requests', 'routes/staff-privacy-requests.tsx'),
    route('vouchers', 'routes/staff-vouchers.tsx'),
    route('categories', 'routes/staff-taxonomy.tsx', { id: 'staff-categories' }),
    route('brands', 'routes/staff-taxonomy.tsx', { id: 'staff-brands' }),
    route('collections', 'routes/staff-taxonomy.tsx', { id: 'staff-collections' }),
  ]),
  // Resource route: the payout requests as CSV for the bank (MANAGE_PAYOUTS).
  route('staff/payouts.csv', 'routes/staff-payouts-csv.ts'),
  // Resource route: a quarter's withholding alphalist of payees as CSV (MANAGE_PAYOUTS).
  route('staff/withholding.csv', 'routes/staff-withholding-csv.ts'),
  // Resource route: the Sign Up, Login, Forgot Password and Facebook dialogs post here.
  route('auth', 'routes/auth.tsx'),
  // Resource route: PSGC cities of a province and barangays of a city for the address forms.
  route('places', 'routes/places.tsx'),
  // Resource route: the signed-in user's personal data as a JSON download (privacy rights).
  route('account/personal-data.json', 'routes/account-personal-data.ts'),
  // Resource route: the cookie notice records its consent here.
  route('consent', 'routes/consent.ts'),
  // Resource route: the signed-in user's Commissioner card (PDF with code, QR code and link).
  route('referral-card.pdf', 'routes/referral-card.ts'),
  // Resource route: the signed-in commissioner's withholding certificate of a quarter (PDF).
  route('account/withholding-certificate.pdf', 'routes/withholding-certificate.ts'),
  // SEO: a sitemap index, the fixed/listing pages, and product sitemaps of 1,000 each.
  route('robots.txt', 'routes/robots.txt.ts'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('sitemap/pages', 'routes/sitemap-pages.ts'),
  route('sitemap/products/:page', 'routes/sitemap-products.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
