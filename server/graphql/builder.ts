// Configures the Pothos schema builder; types are defined in the modules' *.schema.ts files.
import SchemaBuilder from '@pothos/core';
import { GraphQLError } from 'graphql';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { StaffPermission } from '../../common/staff/permissions';
import { hasPermission } from '../modules/system/staff-access.service';
import type { GraphQLContext } from './context';

export type { StaffPermission } from '../../common/staff/permissions';

export type BuilderTypes = {
  Context: GraphQLContext;
  /** permission: staff holding that back-office permission (a superuser holds all). */
  AuthScopes: { loggedIn: boolean; staff: boolean; permission: StaffPermission };
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Date: { Input: string; Output: string };
  };
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
};

export const builder = new SchemaBuilder<BuilderTypes>({
  plugins: [ScopeAuthPlugin, RelayPlugin, DataloaderPlugin],
  scopeAuth: {
    authScopes: (context) => ({
      loggedIn: context.user !== null,
      staff: context.user?.isStaff === true,
      permission: (permission: StaffPermission) => hasPermission(context, permission),
    }),
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    edgesFieldOptions: { nullable: false },
    nodeFieldOptions: { nullable: false },
  },
});

/**
 * A scalar's refusal as a GraphQLError, so that it reaches the client as a validation error and
 * is never masked as the internal error.
 */
function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

builder.queryType({});
builder.mutationType({});

builder.scalarType('DateTime', {
  description: 'An ISO-8601 date and time in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => {
    const date = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
    // PostgreSQL's timestamps stop at year 294276; no date this shop needs is outside these.
    const year = date.getUTCFullYear();
    if (Number.isNaN(date.getTime()) || year < 1900 || year > 9999) {
      throw badInput('Invalid DateTime: expected an ISO-8601 date and time between the years 1900 and 9999.');
    }
    return date;
  },
});

builder.scalarType('Date', {
  description: 'A calendar date, YYYY-MM-DD.',
  serialize: (value) => String(value),
  parseValue: (value) => {
    const text = String(value);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) {
      throw badInput('Invalid Date: expected YYYY-MM-DD.');
    }
    return text;
  },
});

// Every connection reports how many nodes it has in all (totalCount).
builder.globalConnectionField('totalCount', (t) =>
  t.int({ resolve: (parent) => (parent as { totalCount?: number }).totalCount ?? 0 }),
);
