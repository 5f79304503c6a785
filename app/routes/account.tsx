import { Outlet } from 'react-router';
import type { Route } from './+types/account';
import { requireViewer } from '../lib/api.server';

export async function loader({ context }: Route.LoaderArgs) {
  return { viewer: await requireViewer(context) };
}

export default function AccountLayout() {
  return <Outlet />;
}
