import { Outlet } from 'react-router';
import type { Route } from './+types/account';
import { AccountMenu } from '../components/accounts/AccountMenu';
import { requireViewer } from '../lib/api.server';

export async function loader({ context }: Route.LoaderArgs) {
  return { viewer: await requireViewer(context) };
}

/** The account shell: the side menu beside the dashboard or the chosen panel. */
export default function AccountLayout() {
  return (
    <div className="container-page flex flex-col gap-6 py-8 md:flex-row">
      <AccountMenu />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
