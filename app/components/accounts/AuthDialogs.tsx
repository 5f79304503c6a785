// Sign Up, Login and Forgot Password dialogs (docs/product/accounts.md#sign-up), the provider
// that lets the header open them, and the account notices every page can show.
// Which dialog is open comes from the URL (?open=signup|login, signup_token / SIGNUP_TOKEN) until
// the visitor opens or closes one by hand; deriving it avoids state copied from the URL.
import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useFetcher, useLocation, useSearchParams } from 'react-router';
import type { Viewer } from '../../graphql/viewer';
import { readCookie, writeBrowserCookie } from '../../lib/cookies';
import type { AuthActionData } from '../../routes/auth';
import { AccountNotices } from './AccountNotices';

// The dialogs load when one opens: they bring the zod rules with them.
const AuthDialogForms = lazy(() => import('./AuthDialogForms'));

export type AuthView = 'signup' | 'login' | 'forgot';

type AuthDialogsContextValue = {
  openAuth: (view: AuthView) => void;
  /** The auth dialog on screen, if any: other pop-ups (announcements) should wait for it. */
  view: AuthView | null;
};
const AuthDialogsContext = createContext<AuthDialogsContextValue>({ openAuth: () => {}, view: null });

/** Lets any component (the header's Sign Up and Login buttons) open an auth dialog. */
export function useAuthDialogs(): AuthDialogsContextValue {
  return useContext(AuthDialogsContext);
}

/** A shared link's signup token is kept this long (docs/product/limits.md#cookies: referral cookie 999 days)... */
export const REFERRAL_COOKIE = 'signup_token';
export const REFERRAL_COOKIE_DAYS = 999;

/**
 * ...so a visitor who arrives through a link and signs up days later still gets the code: the
 * link's token wins, else the kept one (read after hydration, as the cookie lives in the browser).
 */
function useSignupToken(params: URLSearchParams): string {
  const fromUrl = signupToken(params);
  const kept = useSyncExternalStore(
    noSubscription,
    () => readCookie(document.cookie, REFERRAL_COOKIE) ?? '',
    () => '',
  );
  useEffect(() => {
    if (fromUrl) writeBrowserCookie(REFERRAL_COOKIE, fromUrl, REFERRAL_COOKIE_DAYS);
  }, [fromUrl]);
  return fromUrl || kept;
}

// document.cookie has no change event; the kept token is read on each render after hydration.
const noSubscription = () => () => {};

/** The signup token of a shared link (docs/product/content.md#routes: signup_token or SIGNUP_TOKEN). */
function signupToken(params: URLSearchParams): string {
  return params.get('signup_token') ?? params.get('SIGNUP_TOKEN') ?? '';
}

function viewFromUrl(params: URLSearchParams): AuthView | null {
  if (signupToken(params)) return 'signup';
  const open = params.get('open');
  return open === 'signup' || open === 'login' ? open : null;
}

type ProviderProps = { viewer: Viewer | null; facebookAppId: string | null; children: ReactNode };

export function AuthDialogsProvider({ viewer, facebookAppId, children }: ProviderProps) {
  const [params] = useSearchParams();
  const location = useLocation();
  // A choice made by hand applies to the address it was made on; a new address starts over.
  const [chosen, setChosen] = useState<{ search: string; view: AuthView | null } | null>(null);
  const fromUrl = viewer ? null : viewFromUrl(params);
  const view = chosen && chosen.search === location.search ? chosen.view : fromUrl;
  const setView = (next: AuthView | null) => setChosen({ search: location.search, view: next });
  const context = useMemo(
    () => ({ openAuth: (next: AuthView) => setChosen({ search: location.search, view: next }), view }),
    [location.search, view],
  );
  const token = useSignupToken(params);

  return (
    <AuthDialogsContext.Provider value={context}>
      {children}
      {viewer || !view ? null : (
        <Suspense fallback={null}>
          <AuthDialogForms view={view} setView={setView} token={token} facebookAppId={facebookAppId} />
        </Suspense>
      )}
      <AccountNotices viewer={viewer} />
      <ReloadAfterSignIn />
    </AuthDialogsContext.Provider>
  );
}

/**
 * Signed in: reload so that every part of the page renders for the new session (docs/product/accounts.md#sign-in).
 * This lives in the provider, not in the dialogs: the dialogs unmount as soon as the root
 * loader sees the new session, before their effects could run.
 */
function ReloadAfterSignIn() {
  const signup = useFetcher<AuthActionData>({ key: 'auth-signup' });
  const login = useFetcher<AuthActionData>({ key: 'auth-login' });
  const facebook = useFetcher<AuthActionData>({ key: 'auth-facebook' });
  const target = [signup, login, facebook]
    .map((f) => (f.state === 'idle' && f.data?.ok ? f.data.reloadTo : undefined))
    .find(Boolean);
  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);
  return null;
}
