// The Sign Up, Login and Forgot Password dialogs themselves (docs/product/accounts.md#sign-up).
// Loaded only when one opens (AuthDialogs.tsx): they carry the zod rules, which every page's
// first load would otherwise pay for (the first-load JavaScript budget (bench/js-budget.ts)).
import { useState, type FormEvent } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { forgotPasswordSchema, loginSchema, signUpFormSchema } from '../../../common/validation/account-schemas';
import { fieldMessages, validate } from '../../../common/validation/issues';
import type { AuthActionData } from '../../routes/auth';
import { AccountDialog } from './AccountDialog';
import type { AuthView } from './AuthDialogs';
import { FacebookLoginButton } from './FacebookLoginButton';
import { FormMessage, TextField } from './FormControls';

type Props = {
  view: AuthView;
  setView: (view: AuthView | null) => void;
  /** The signup token of a shared link: the Commissioner Key field starts with it. */
  token: string;
  facebookAppId: string | null;
};

export default function AuthDialogForms({ view, setView, token, facebookAppId }: Props) {
  return (
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
  );
}

/**
 * One auth form's submission: validates with the shared zod schema first (the first message
 * in the rulebook's order), then posts the intent to /auth; the action validates again.
 */
function useAuthForm(schema: Parameters<typeof validate>[0], intent: string) {
  const fetcher = useFetcher<AuthActionData>({ key: `auth-${intent}` });
  const [clientError, setClientError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const result = validate(schema, values);
    if (!result.ok) {
      // Nothing is posted: the typed values stay in the (uncontrolled) fields.
      event.preventDefault();
      setClientError({ message: result.errors[0]?.message ?? '', fields: fieldMessages(result.errors) });
      return;
    }
    setClientError(null);
  };
  const busy = fetcher.state !== 'idle';
  const serverData = !busy && fetcher.data?.intent === intent ? fetcher.data : null;
  const message = clientError
    ? { text: clientError.message, ok: false }
    : serverData?.message
      ? { text: serverData.message, ok: serverData.ok }
      : null;
  // The form's alert keeps the rulebook's first message; each invalid field also shows its own.
  const fields = clientError?.fields ?? (serverData && !serverData.ok ? (serverData.fields ?? {}) : {});

  return { fetcher, onSubmit, busy, message, fields, done: serverData?.ok === true };
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
  const { fetcher, onSubmit, busy, message, fields } = useAuthForm(signUpFormSchema, 'signup');
  const reloadTo = useReloadTarget();
  return (
    <AccountDialog open={open} onOpenChange={onOpenChange} title="Sign Up" description="Create your Suki account.">
      <fetcher.Form method="post" action="/auth" noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="signup" />
        <input type="hidden" name="reloadTo" value={reloadTo} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField label="First Name" name="firstName" error={fields.firstName} id="signup-first-name" autoComplete="given-name" />
          <TextField label="Last Name" name="lastName" error={fields.lastName} id="signup-last-name" autoComplete="family-name" />
        </div>
        <TextField label="Email" name="email" error={fields.email} id="signup-email" type="email" autoComplete="email" />
        <TextField label="Password" name="password" error={fields.password} id="signup-password" type="password" autoComplete="new-password" />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          error={fields.confirmPassword}
          id="signup-confirm-password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          label="Commissioner Key (optional)"
          name="referralCode"
          error={fields.referralCode}
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
