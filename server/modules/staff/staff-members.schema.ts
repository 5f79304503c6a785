// Managing staff in the API (MANAGE_STAFF), Saleor's names: staffUsers, staffCreate (an
// invitation by email) and staffUpdate (the permissions).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder';
import { requireRowId } from '../../graphql/node-key';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { inviteStaff, listStaff, STAFF_MEMBER_MESSAGES, updateStaffPermissions, type StaffMember } from './staff-members.service';
import { PermissionEnum } from './staff.schema';

const StaffMemberRef = builder.objectRef<StaffMember>('StaffMember').implement({
  fields: (t) => ({
    id: t.id({ resolve: (u) => encodeGlobalID('User', u.id) }),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    isActive: t.exposeBoolean('isActive'),
    isSuperuser: t.exposeBoolean('isSuperuser'),
    permissions: t.field({ type: [PermissionEnum], resolve: (u) => u.permissions }),
  }),
});

const StaffPayload = (name: string) =>
  builder.objectRef<WithErrors<{ user: StaffMember }>>(name).implement({
    fields: (t) => ({
      user: t.field({ type: StaffMemberRef, nullable: true, resolve: (p) => p.user ?? null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

builder.queryField('staffUsers', (t) =>
  t.field({
    type: [StaffMemberRef],
    nullable: true,
    description: 'Staff (MANAGE_STAFF): every staff member with their permissions.',
    authScopes: { permission: 'MANAGE_STAFF' },
    resolve: (_root, _args, ctx) => listStaff(ctx),
  }),
);

const StaffCreateInput = builder.inputType('StaffCreateInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    firstName: t.string(),
    lastName: t.string(),
    permissions: t.field({ type: [PermissionEnum] }),
  }),
});

builder.mutationField('staffCreate', (t) =>
  t.field({
    type: StaffPayload('StaffCreate'),
    description: 'Staff (MANAGE_STAFF): invites a staff member by email (a new account is emailed a link to set its password).',
    authScopes: { permission: 'MANAGE_STAFF' },
    args: { input: t.arg({ type: StaffCreateInput, required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        user: await inviteStaff(ctx, {
          email: args.input.email,
          firstName: args.input.firstName ?? undefined,
          lastName: args.input.lastName ?? undefined,
          permissions: args.input.permissions ?? undefined,
        }),
      })),
  }),
);

function staffUserId(id: string | number): number {
  return requireRowId(id, 'User', { message: STAFF_MEMBER_MESSAGES.notFound });
}

builder.mutationField('staffUpdate', (t) =>
  t.field({
    type: StaffPayload('StaffUpdate'),
    description: "Staff (MANAGE_STAFF): replaces a staff member's permissions.",
    authScopes: { permission: 'MANAGE_STAFF' },
    args: { id: t.arg.id({ required: true }), permissions: t.arg({ type: [PermissionEnum], required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ user: await updateStaffPermissions(ctx, staffUserId(args.id), args.permissions) })),
  }),
);
