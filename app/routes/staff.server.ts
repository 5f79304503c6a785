// The back office's guard: visitors and customers who open /staff are sent to the storefront's
// home (never shown a page); staff get their permissions for the screens to offer actions.
import { data, redirect, type AppLoadContext } from 'react-router';
import type { StaffPermission } from '../../common/staff/permissions';
import { StaffViewerQuery, toStaffViewer } from '../graphql/staff';
import { query } from '../lib/api.server';

export async function requireStaff(context: AppLoadContext, permission?: StaffPermission) {
  const me = toStaffViewer(await query(context, StaffViewerQuery));
  if (!me?.isStaff) throw redirect('/');
  // Staff without the permission: the back office's own 403 page (staff.tsx's error boundary).
  if (permission && !me.userPermissions.includes(permission)) throw data(null, { status: 403 });
  return me;
}
