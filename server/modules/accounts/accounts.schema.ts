import { eq, inArray } from 'drizzle-orm';
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { createToken } from './accounts.service';
import { users } from './accounts.tables';

export type UserRow = typeof users.$inferSelect;

export const UserRef = builder.loadableNodeRef<UserRow, number>('User', {
  id: { resolve: (user) => user.id },
  load: async (ids, context) => {
    const rows = await context.db.select().from(users).where(inArray(users.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? new Error(`User ${id} not found`));
  },
});

UserRef.implement({
  // A user is visible only to themselves and to staff.
  authScopes: (user, context) => context.user?.id === user.id || context.user?.isStaff === true,
  fields: (t) => ({
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    isStaff: t.exposeBoolean('isStaff'),
    isVerified: t.exposeBoolean('isVerified'),
    dateJoined: t.expose('dateJoined', { type: 'DateTime' }),
  }),
});

builder.queryField('me', (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: 'The signed-in user, or null for a visitor.',
    resolve: async (_root, _args, context) => {
      if (!context.user) return null;
      const [row] = await context.db.select().from(users).where(eq(users.id, context.user.id));
      return row ?? null;
    },
  }),
);

const TokenCreatePayload = builder
  .objectRef<WithErrors<{ token: string; user: UserRow }>>('CreateToken')
  .implement({
    fields: (t) => ({
      token: t.exposeString('token', { nullable: true }),
      user: t.field({ type: UserRef, nullable: true, resolve: (p) => p.user ?? null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

builder.mutationField('tokenCreate', (t) =>
  t.field({
    type: TokenCreatePayload,
    description: 'Signs in with email and password; returns a session token (30 days).',
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: (_root, args, context) =>
      runMutation(async () => {
        const { token, user } = await createToken(context, args.email, args.password);
        // The new session may read its own user record in this same response.
        context.user = { ...user };
        return { token, user };
      }),
  }),
);
