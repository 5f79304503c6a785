// "Login" beside a message that asks a visitor to sign in: opens the login dialog over this page,
// so that signing in (or signing up from the dialog) comes back to the same product. Without
// JavaScript the link opens the same dialog through the address.
import { Link, useLocation } from 'react-router';
import { useAuthDialogs } from './AuthDialogs';
import { authDialogHref } from './return-links';

export function LoginLink() {
  const location = useLocation();
  const { openAuth } = useAuthDialogs();
  return (
    <Link
      to={authDialogHref(location, 'login')}
      className="font-semibold text-secondary-dark underline"
      onClick={(event) => {
        event.preventDefault();
        openAuth('login');
      }}
    >
      Login
    </Link>
  );
}
