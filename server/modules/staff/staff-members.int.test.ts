// Managing staff through the API: invitations, permissions, the list; MANAGE_STAFF only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../accounts/accounts.tables';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { listEmails } from '../notifications/notifications.service';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { staffPermissions } from '../system/staff-access.tables';

let t: TestApi;
let manager: Customer;
let ordersStaff: Customer;
let customer: Customer;
beforeAll(async () => {
  t = await createTestApi();
  customer = await createCustomer(t);
  manager = await createCustomer(t);
  ordersStaff = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, manager.user.id));
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, ordersStaff.user.id));
  await t.db.insert(staffPermissions).values([
    { userId: manager.user.id, permission: 'MANAGE_STAFF' },
    { userId: ordersStaff.user.id, permission: 'MANAGE_ORDERS' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const CREATE = `mutation($input: StaffCreateInput!) { staffCreate(input: $input) { user { id email permissions } errors { field message } } }`;
type Create = { staffCreate: { user: { id: string; email: string; permissions: string[] } | null; errors: { field: string | null; message: string }[] } | null };

it('invites a new member with a link to set a password, and makes an existing customer staff', async () => {
  const invited = await t.gql<Create>(CREATE, { input: { email: 'new.staff@example.com', firstName: 'Nina', permissions: ['MANAGE_PRODUCTS', 'MANAGE_ORDERS'] } }, { token: manager.token });
  expect(invited.data?.staffCreate).toMatchObject({ errors: [], user: { email: 'new.staff@example.com', permissions: ['MANAGE_ORDERS', 'MANAGE_PRODUCTS'] } });
  const [mail] = await listEmails(t.db, { to: 'new.staff@example.com' });
  expect(mail?.text).toMatch(/\/reset\?token=/);

  const promoted = await t.gql<Create>(CREATE, { input: { email: customer.user.email.toUpperCase(), permissions: [] } }, { token: manager.token });
  expect(promoted.data?.staffCreate?.errors).toEqual([]);
  const [row] = await t.db.select().from(users).where(eq(users.id, customer.user.id));
  expect(row?.isStaff).toBe(true);
  expect(await listEmails(t.db, { to: customer.user.email })).toHaveLength(0);

  const bad = await t.gql<Create>(CREATE, { input: { email: 'not-an-email' } }, { token: manager.token });
  expect(bad.data?.staffCreate?.errors[0]).toEqual({ field: 'email', message: 'Please enter a valid email address, such as juan@example.com.' });

  const update = await t.gql<{ staffUpdate: { user: { permissions: string[] } | null } }>(
    'mutation($id: ID!) { staffUpdate(id: $id, permissions: [MANAGE_CONTENT]) { user { permissions } errors { message } } }',
    { id: invited.data!.staffCreate!.user!.id },
    { token: manager.token },
  );
  expect(update.data?.staffUpdate.user?.permissions).toEqual(['MANAGE_CONTENT']);

  const list = await t.gql<{ staffUsers: { email: string; permissions: string[] }[] | null }>('{ staffUsers { email permissions } }', {}, { token: manager.token });
  expect(list.data?.staffUsers).toContainEqual({ email: 'new.staff@example.com', permissions: ['MANAGE_CONTENT'] });
});

it('words the email as an invitation, and inviting again resends it until a password is set', async () => {
  await t.gql<Create>(CREATE, { input: { email: 'twice@example.com', firstName: 'Rosa' } }, { token: manager.token });
  await t.gql<Create>(CREATE, { input: { email: 'twice@example.com' } }, { token: manager.token });
  const mails = await listEmails(t.db, { to: 'twice@example.com' });
  expect(mails).toHaveLength(2);
  expect(mails[0]).toMatchObject({ template: 'staff_invitation', subject: "You're invited to the Suki back office" });
  expect(mails[0]!.text).toMatch(/Set your password to sign in:\n.*\/reset\?token=/);
});

it('is refused to staff without MANAGE_STAFF and to customers', async () => {
  for (const who of [ordersStaff, customer]) {
    const response = await t.gql<Create>(CREATE, { input: { email: 'sneaky@example.com', permissions: ['MANAGE_STAFF'] } }, { token: who.token });
    expect(response.data?.staffCreate ?? null).toBeNull();
  }
  expect(await t.db.select().from(users).where(eq(users.email, 'sneaky@example.com'))).toEqual([]);
});
