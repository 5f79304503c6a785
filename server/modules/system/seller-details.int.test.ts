// The seller's registered details on a real database: empty before staff save them, the demo
// seller once written, the staff edit checked by common/compliance/seller-details.ts and logged,
// refused to customers, and a change seen on the next read through the table cache (the change
// notification, not the writer, drops the kept copy) and starting a new page-cache generation.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_SELLER_DETAILS, SELLER_DETAILS_MESSAGES } from '../../../common/compliance/seller-details';
import { users } from '../accounts/accounts.tables';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { DEMO_SELLER_DETAILS } from '../../seed/seed-demo';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { readSellerDetails, writeSellerDetails } from './seller-details.service';
import { sellerDetails } from './seller-details.tables';
import { staffActions, staffPermissions } from './staff-access.tables';

/** Notifications arrive after commit, on the database's own schedule: wait for them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 80));

const FIELDS = 'registeredName tradeName tin branchCode businessAddress vatStatus registrationNumber contactEmail contactPhone dataProtectionOfficerName dataProtectionOfficerEmail';
const READ = `{ sellerDetails { ${FIELDS} } }`;
const UPDATE = `mutation($input: SellerDetailsInput!) { sellerDetailsUpdate(input: $input) { sellerDetails { ${FIELDS} } errors { field message } } }`;
type Details = typeof EMPTY_SELLER_DETAILS;
type Update = { sellerDetailsUpdate: { sellerDetails: Details | null; errors: { field: string | null; message: string }[] } };

let t: TestApi;
let staff: Customer;
let customer: Customer;

beforeAll(async () => {
  t = await createTestApi({}, { tableCache: true });
  [staff, customer] = [await createCustomer(t), await createCustomer(t)];
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  await t.db.insert(staffPermissions).values({ userId: staff.user.id, permission: 'MANAGE_CONTENT' });
});
afterAll(() => t?.close());

const read = async () => {
  const answer = await t.gql<{ sellerDetails: Details }>(READ);
  expect(answer.errors).toBeUndefined();
  return answer.data!.sellerDetails;
};

describe("the seller's details", () => {
  it('read empty before anything is saved, then as the demo seed wrote them', async () => {
    expect(await readSellerDetails(t.db)).toEqual(EMPTY_SELLER_DETAILS);
    expect(await read()).toEqual(EMPTY_SELLER_DETAILS);
    await writeSellerDetails(t.db, DEMO_SELLER_DETAILS);
    await settle();
    expect(await read()).toEqual(DEMO_SELLER_DETAILS);
  });

  it('staff with MANAGE_CONTENT change them; the change is logged and seen on the next read through the table cache', async () => {
    await read(); // kept now
    const generation = t.api.catalogueGeneration();
    const answer = await t.gql<Update>(UPDATE, { input: { registeredName: 'Tindahan ni Aling Nena', tin: '987 654 321', contactPhone: '0917 555 0000' } }, { token: staff.token });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.sellerDetailsUpdate.errors).toEqual([]);
    expect(answer.data!.sellerDetailsUpdate.sellerDetails).toMatchObject({ registeredName: 'Tindahan ni Aling Nena', tin: '987-654-321', businessAddress: DEMO_SELLER_DETAILS.businessAddress });
    await settle();
    expect(await read()).toMatchObject({ registeredName: 'Tindahan ni Aling Nena', tin: '987-654-321', contactPhone: '0917 555 0000' });
    // The stored visitor pages show the footer: a change starts a new generation, so they are dropped.
    expect(generation).not.toBeNull();
    expect(t.api.catalogueGeneration()).toBeGreaterThan(generation!);

    const [logged] = await t.db.select().from(staffActions).where(eq(staffActions.action, 'sellerDetailsUpdate'));
    expect(logged).toMatchObject({ actorUserId: staff.user.id, subjectType: 'sellerDetails' });
    expect(logged!.note).toContain('Tindahan ni Aling Nena');
  });

  it('a change written by another process (no API call here) is seen through the notification', async () => {
    await read();
    await t.db.update(sellerDetails).set({ contactEmail: 'hello@tindahan.ph' });
    await settle();
    expect((await read()).contactEmail).toBe('hello@tindahan.ph');
  });

  it('refuses a bad TIN with its message and keeps the stored details', async () => {
    const before = await read();
    const answer = await t.gql<Update>(UPDATE, { input: { tin: '12345' } }, { token: staff.token });
    expect(answer.data!.sellerDetailsUpdate.sellerDetails).toBeNull();
    expect(answer.data!.sellerDetailsUpdate.errors).toEqual([{ field: 'tin', message: SELLER_DETAILS_MESSAGES.tin }]);
    const email = await t.gql<Update>(UPDATE, { input: { dataProtectionOfficerEmail: 'not-an-email' } }, { token: staff.token });
    expect(email.data!.sellerDetailsUpdate.errors).toEqual([{ field: 'dataProtectionOfficerEmail', message: SELLER_DETAILS_MESSAGES.dataProtectionOfficerEmail }]);
    await settle();
    expect(await read()).toEqual(before);
  });

  it('refuses a customer (no MANAGE_CONTENT) and a visitor', async () => {
    const before = await read();
    for (const token of [customer.token, undefined]) {
      const answer = await t.gql<Update>(UPDATE, { input: { registeredName: 'Not mine' } }, { token });
      expect(answer.data?.sellerDetailsUpdate ?? null).toBeNull();
      expect(answer.errors?.[0]?.message).toMatch(/not authori[sz]ed|permission|sign in|log in/i);
    }
    await settle();
    expect(await read()).toEqual(before);
  });
});
