// The Drizzle schema registry: every module's tables, for typed queries and drizzle-kit.
import * as accounts from '../modules/accounts/accounts.tables';
import * as system from '../modules/system/system.tables';

export const schema = { ...system, ...accounts };
export type Schema = typeof schema;
