// Staff permissions (docs/product/staff.md#permissions): what a staff member may do in the back office. A
// superuser has all of them. The server checks them; the back office only hides what it refuses.

export const STAFF_PERMISSIONS = [
  'MANAGE_ORDERS',
  'MANAGE_PAYMENTS',
  'MANAGE_PRODUCTS',
  'MANAGE_CONTENT',
  'MANAGE_PAYOUTS',
  'MANAGE_STAFF',
] as const;

export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const STAFF_PERMISSION_LABELS: Record<StaffPermission, string> = {
  MANAGE_ORDERS: 'Manage orders',
  MANAGE_PAYMENTS: 'Manage payments',
  MANAGE_PRODUCTS: 'Manage products',
  MANAGE_CONTENT: 'Manage content',
  MANAGE_PAYOUTS: 'Manage payouts',
  MANAGE_STAFF: 'Manage staff',
};

export const STAFF_MESSAGES = {
  noPermission: 'You do not have permission to perform this action.',
} as const;
