// Links that bring a shopper back to what they were doing: the sign-in dialog opened over the
// current page, and the email verification that returns to it. A shopper who signs up from a
// product page ends on that product, not on /account or the home page.

type Place = { pathname: string; search: string };

/** Query parameters that opened a dialog, which the way back must not reopen. */
const DIALOG_PARAMS = ['open', 'signup_token', 'SIGNUP_TOKEN'];

function withoutDialogParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** This page with the login (or sign-up) dialog open: the no-script fallback of a button that opens it in place. */
export function authDialogHref(place: Place, view: 'login' | 'signup'): string {
  const params = new URLSearchParams(withoutDialogParams(place.search));
  params.set('open', view);
  return `${place.pathname}?${params.toString()}`;
}

/** /verify, returning here once verified (the verify page's `redirect`, a path on this site). */
export function verifyHref(place: Place): string {
  const here = `${place.pathname}${withoutDialogParams(place.search)}`.replace(/^\/+/, '');
  // /account is where a verification ends anyway; /verify itself would loop.
  if (!here || /^(account|verify)(\/|$|\?)/.test(here)) return '/verify';
  return `/verify?${new URLSearchParams({ redirect: here }).toString()}`;
}
