import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { expiredSessionCookie } from '../lib/session.server';

// Logout removes the token cookie and goes to / (the form clears local storage first).
export function action({ context }: Route.ActionArgs) {
  return redirect('/', { headers: { 'Set-Cookie': expiredSessionCookie(context.secureCookies) } });
}

export function loader() {
  return redirect('/');
}
