// Every operation the screens send is valid against the printed API contract, and within the
// shape limits the API enforces (graphql-armor's, server/graphql/armor.ts): a schema change or
// a grown document that breaks a screen fails here, before any browser test.
import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../common/graphql-operation';
import { ARMOR_RULES, parseWithArmor } from '../../server/graphql/armor';
import * as catalogue from './catalogue';
import * as content from './catalogue-content';
import * as home from './catalogue-home';
import * as product from './catalogue-product';
import * as shop from './catalogue-shop';
import * as sitemap from './catalogue-sitemap';
import * as tires from './catalogue-tires';
import * as voucher from './catalogue-voucher';
import * as accountsAuth from './accounts-auth';
import * as accountsProfile from './accounts-profile';
import * as cards from './cards';
import * as checkout from './checkout';
import * as installments from './installments';
import * as orders from './orders';
import * as payoutsStaff from './payouts-staff';
import * as payments from './payments';
import * as push from './push';
import * as referrals from './referrals';
import * as staff from './staff';
import * as staffCatalogue from './staff-catalogue';
import * as staffContent from './staff-content';
import * as staffSettings from './staff-settings';
import * as staffVouchers from './staff-vouchers';
import * as viewer from './viewer';
import * as watchlist from './watchlist';

const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));

const isOperation = (v: unknown): v is Operation<unknown, unknown> =>
  typeof v === 'object' && v !== null && 'source' in v && 'name' in v;

const operations = [
  catalogue, content, home, product, shop, sitemap, tires, voucher,
  accountsAuth, accountsProfile, cards, checkout, installments, orders, payments, payoutsStaff, push, referrals, staff, staffCatalogue, staffContent, staffSettings,
  staffVouchers, viewer, watchlist,
].flatMap((m) => Object.values(m).filter(isOperation));

describe('storefront operations', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
  });

  it.each(operations.map((op) => [op.name, op] as const))('%s is valid against schema.graphql', (_name, op) => {
    const errors = validate(schema, parse(op.source)).map((e) => e.message);
    expect(errors).toEqual([]);
  });

  it.each(operations.map((op) => [op.name, op] as const))("%s is within the API's depth, alias, cost and token limits", (_name, op) => {
    const errors = validate(schema, parseWithArmor(op.source), ARMOR_RULES).map((e) => e.message);
    expect(errors).toEqual([]);
  });
});
