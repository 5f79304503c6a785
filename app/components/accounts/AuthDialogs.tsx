// Sign Up, Login and Forgot Password dialogs (spec 1 "Header, dialogs, footer"), the provider
// that lets the header open them, and the account notices every page can show.
// Which dialog is open comes from the URL (?open=signup|login, signup_token / SIGNUP_TOKEN) until
// the visitor opens or closes one by hand; deriving it avoids state copied from the URL.
import { createContext, useContext, useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useFetcher, useLocation, useSearchParams } from 'react-router';
import {
  forgotPasswordSchema,
  loginSchema,
  signUpFormSchema,
} from '../../../common/validation/account';
import { validate } from '../../../common/validation/issues';
import type { Viewer } from '../../graphql/viewer';
import type { AuthActionData } from '../../routes/auth';
import { AccountDialog } from './AccountDialog';
import { FacebookLoginButton } from './FacebookLoginButton';
import { FormMessage, TextField } from './FormControls';
import { AccountNotices } from './AccountNotices';

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

/** The signup token of a shared link (spec 1 route table: signup_token or SIGNUP_TOKEN). */
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
  const token = signupToken(params);

  return (
    <AuthDialogsContext.Provider value={context}>
      {children}
      {viewer ? null : (
        <>
          <SignUpDialog
            key={token}
            open={view === 'signup'}
            onOpenChange={(open) => setView(open ? 'signup' : null)}
            onLogin={() => setView('login')}
            referralCode={token}
            facebookAppId={facebookAppId}
          />
          <LoginDialog
            open={view === 'login'}
            onOpenChange={(open) => setView(open ? 'login' : null)}
            onSignUp={() => setView('signup')}
            onForgot={() => setView('forgot')}
            facebookAppId={facebookAppId}
          />
          <ForgotPasswordDialog open={view === 'forgot'} onOpenChange={(open) => setView(open ? 'forgot' : null)} />
        </>
      )}
      <AccountNotices viewer={viewer} />
      <ReloadAfterSignIn />
    </AuthDialogsContext.Provider>
  );
}

/**
 * Signed in: reload so that every part of the page renders for the new session (spec 2 7.8).
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

/**
 * One auth form's submission: validates with the shared zod schema first (the first message
 * in the spec's order), then posts the intent to /auth; the action validates again.
 */
function useAuthForm(schema: Parameters<typeof validate>[0], intent: string) {
  const fetcher = useFetcher<AuthActionData>({ key: `auth-${intent}` });
  const [clientError, setClientError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const result = validate(schema, values);
    if (!result.ok) {
      event.preventDefault();
      setClientError(result.errors[0]?.message ?? null);
      return;
    }
    setClientError(null);
  };
  const busy = fetcher.state !== 'idle';
  const serverData = !busy && fetcher.data?.intent === intent ? fetcher.data : null;
  const message = clientError
    ? { text: clientError, ok: false }
    : serverData?.message
      ? { text: serverData.message, ok: serverData.ok }
      : null;

  return { fetcher, onSubmit, busy, message, done: serverData?.ok === true };
}

/** Where to go after signing in: this page without the parameters that opened the dialog. */
function useReloadTarget(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  for (const name of ['open', 'signup_token', 'SIGNUP_TOKEN']) params.delete(name);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

type SignUpProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogin: () => void;
  referralCode: string;
  facebookAppId: string | null;
};

function SignUpDialog({ open, onOpenChange, onLogin, referralCode, facebookAppId }: SignUpProps) {
  const { fetcher, onSubmit, busy, message } = useAuthForm(signUpFormSchema, 'signup');
  const reloadTo = useReloadTarget();
  return (
    <AccountDialog open={open} onOpenChange={onOpenChange} title="Sign Up" description="Create your Suki account.">
      <fetcher.Form method="post" action="/auth" noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="signup" />
        <input type="hidden" name="reloadTo" value={reloadTo} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField label="First Name" name="firstName" id="signup-first-name" autoComplete="given-name" />
          <TextField label="Last Name" name="lastName" id="signup-last-name" autoComplete="family-name" />
        </div>
        <TextField label="Email" name="email" id="signup-email" type="email" autoComplete="email" />
        <TextField label="Password" name="password" id="signup-password" type="password" autoComplete="new-password" />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          id="signup-confirm-password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          label="Commissioner Key (optional)"
          name="referralCode"
          id="signup-referral-code"
          autoComplete="off"
          defaultValue={referralCode}
          hint="Have a Commissioner Key? Enter it to get a discount on your first purchase."
        />
        <FormMessage message={message} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Signing up…' : 'Sign Up'}
        </button>
      </fetcher.Form>
      <FacebookLoginButton appId={facebookAppId} referralCode={referralCode} />
      <p className="mt-4 text-center text-sm">
        Already have an account?{' '}
        <button type="button" className="font-semibold text-secondary-dark underline" onClick={onLogin}>
          Login
        </button>
      </p>
      <p className="mt-3 text-center text-xs text-gray-700">
        By signing up, you agree to our{' '}
        <Link to="/terms-conditions" className="text-secondary-dark underline" onClick={() => onOpenChange(false)}>
          Terms and Conditions
        </Link>{' '}
        and{' '}
        <Link to="/privacy-policy" className="text-secondary-dark underline" onClick={() => onOpenChange(false)}>
          Privacy Policy
        </Link>
        .
      </p>
    </AccountDialog>
  );
}

type LoginProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignUp: () => void;
  onForgot: () => void;
  facebookAppId: string | null;
};

function LoginDialog({ open, onOpenChange, onSignUp, onForgot, facebookAppId }: LoginProps) {
  const { fetcher, onSubmit, busy, message } = useAuthForm(loginSchema, 'login');
  const reloadTo = useReloadTarget();
  return (
    <AccountDialog open={open} onOpenChange={onOpenChange} title="Login" description="Sign in to your Suki account.">
      <fetcher.Form method="post" action="/auth" noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="reloadTo" value={reloadTo} />
        <TextField label="Email" name="email" id="login-email" type="email" autoComplete="email" />
        <TextField label="Password" name="password" id="login-password" type="password" autoComplete="current-password" />
        <div className="text-right">
          <button type="button" className="text-sm font-medium text-secondary-dark underline" onClick={onForgot}>
            Forgot password?
          </button>
        </div>
        <FormMessage message={message} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
      </fetcher.Form>
      <FacebookLoginButton appId={facebookAppId} referralCode="" />
      <p className="mt-4 text-center text-sm">
        <button type="button" className="font-semibold text-secondary-dark underline" onClick={onSignUp}>
          Not yet Registered? Click here!
        </button>
      </p>
    </AccountDialog>
  );
}

function ForgotPasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { fetcher, onSubmit, busy, message, done } = useAuthForm(forgotPasswordSchema, 'forgot');
  return (
    <AccountDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Forgot Password"
      description="Enter your email"
      showDescription
    >
      <fetcher.Form method="post" action="/auth" noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="forgot" />
        <TextField label="Email" name="email" id="forgot-email" type="email" autoComplete="email" />
        <FormMessage message={message} />
        <button type="submit" className="btn-primary w-full" disabled={busy || done}>
          Reset Password
        </button>
      </fetcher.Form>
    </AccountDialog>
  );
}
