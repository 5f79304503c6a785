// Account rules: signing in (the rest of the account capability lands with the accounts issue).
import { eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { users } from './accounts.tables';
import { verifyPassword } from './passwords';
import { signSessionToken } from './session';

export const INVALID_CREDENTIALS = 'Please, enter valid credentials';

export async function createToken(ctx: ServiceContext, email: string, password: string) {
  if (!email.trim() || !password) throw new DomainError('Please fill empty fields!');
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  // Same answer for an unknown email and a wrong password: no account discovery.
  if (!user || !user.isActive || !(await verifyPassword(password, user.passwordHash))) {
    throw new DomainError(INVALID_CREDENTIALS, 'email');
  }
  return { token: await signSessionToken(user, ctx.config.jwtSecret), user };
}
