// The hardening suite: an authorization matrix generated from the schema. Every root query and
// mutation is classified; each one that touches a user's or staff data is asked as a visitor,
// as another customer (with the owner's ids) and, for staff fields, as a customer and as staff.
// None may answer with the owner's data or act on it; a new root field fails until classified.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PERMISSIONS, type StaffPermission } from '../common/staff/permissions';
import { users } from '../server/modules/accounts/accounts.tables';
import { staffPermissions } from '../server/modules/system/staff-access.tables';
import { checkoutLines, checkouts } from '../server/modules/checkout/checkout.tables';
import { ADDRESS, createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../server/modules/checkout/checkout.fixtures';
import { completeCheckout } from '../server/modules/checkout/place-order.service';
import { orders } from '../server/modules/orders/orders.tables';
import { savedCards } from '../server/modules/payments/saved-cards.tables';
import { createTestApi, type GraphQLResponse, type TestApi } from '../server/testing/test-api';
import { createReport } from './report';
import { operationFor, rootFields, sampleValue, type RootField } from './schema-probes';

/**
 * public: anyone. self: the signed-in user's own data, no id of another's object taken.
 * owned: takes the id of an object that belongs to one user. staff: staff only.
 */
type Access = 'public' | 'self' | 'owned' | 'staff';

export const ACCESS: Record<string, Access> = {
  // Queries
  announcementModals: 'public', banks: 'public', banners: 'public', barangays: 'public', brand: 'public', brands: 'public',
  categories: 'public', category: 'public', cities: 'public', contentPage: 'public',
  featuredBrands: 'public', featuredProducts: 'public', product: 'public', productVariants: 'public', products: 'public',
  provinces: 'public', relatedProducts: 'public', shippingZones: 'public', testimonials: 'public',
  tireAttributeValues: 'public', tires: 'public', webPushPublicKey: 'public', referralDiscount: 'public', paymentMethods: 'public', installmentFactors: 'public',
  productTypes: 'public', sellerDetails: 'public',
  me: 'self', isReviewed: 'self', referralRegistrationLink: 'self', paymayaCards: 'self',
  checkout: 'owned', node: 'owned', nodes: 'owned', order: 'owned',
  vouchers: 'staff', orders: 'staff', staffDashboard: 'staff', staffUsers: 'staff',
  payoutRequests: 'staff', payoutRequestCounts: 'staff', payoutRequestsCsv: 'staff', referralFlags: 'staff', withholdingAlphalistCsv: 'staff', privacyRequests: 'staff',
  staffProducts: 'staff', staffProduct: 'staff', staffCollections: 'staff',
  staffContent: 'staff', checkoutSettings: 'staff', gatewaySettings: 'staff', referralSettings: 'staff',
  // Mutations
  accountRegister: 'public', forgotPassword: 'public', resetPassword: 'public', socialAuth: 'public', tokenCreate: 'public',
  verifyEmail: 'public', referralLinkRegistration: 'public',
  accountAddressCreate: 'self', accountEmailUpdate: 'self', accountUpdate: 'self', addReview: 'self', addToWatchlist: 'self',
  bankDetailsRegister: 'self', checkoutCreate: 'self', createCustomVoucher: 'self', passwordChange: 'self',
  resendEmailVerification: 'self', userProfilePictureUpload: 'self', authorizeDevice: 'self', unauthorizeDevice: 'self',
  useReferralCode: 'self', paymayaCardCreate: 'self', setDefaultPaymentMethod: 'self', claimPayout: 'self',
  commissionerTaxDetailsSave: 'self', accountDelete: 'self', personalDataExport: 'self', consentRecord: 'public',
  accountAddressDelete: 'owned', accountAddressUpdate: 'owned', accountSetDefaultAddress: 'owned',
  checkoutAddPromoCode: 'owned', checkoutBillingAddressUpdate: 'owned', checkoutComplete: 'owned', checkoutInsuranceUpdate: 'owned',
  checkoutLineDelete: 'owned', checkoutLinesUpdate: 'owned', checkoutPaymentCreate: 'owned', checkoutRemovePromoCode: 'owned',
  checkoutShippingAddressUpdate: 'owned', checkoutShippingMethodUpdate: 'owned', estimateShippingFee: 'owned', showCodFee: 'owned',
  proofOfBillingUpload: 'owned', reOrder: 'owned', readOrders: 'owned', requestOrderCancel: 'owned', resubmitReceipt: 'owned',
  removeFromWatchlist: 'owned', updateReview: 'owned', setDefaultPaymayaCard: 'owned', paymayaCardDelete: 'owned',
  capturePaypalTransaction: 'owned', createPaypalTransaction: 'owned', generateIpay88Signature: 'owned', newDragonpayPaymentUrl: 'owned',
  onDemandPaymentCreate: 'owned',
  checkoutSettingsUpdate: 'staff', shippingZoneUpdate: 'staff', voucherCreate: 'staff',
  orderCancel: 'staff', orderCancelDeny: 'staff', orderConfirm: 'staff', orderBulkConfirm: 'staff', orderFulfill: 'staff', orderMarkAsPaid: 'staff',
  orderMarkUnforeseenCircumstance: 'staff', orderRefund: 'staff', orderReject: 'staff', orderVoid: 'staff', orderCashOnDeliveryUnavailable: 'staff', orderProofOfBillingRefuse: 'staff',
  productVariantStocksUpdate: 'staff', staffCreate: 'staff', staffUpdate: 'staff',
  payoutMarkProcessing: 'staff', payoutBulkMarkProcessing: 'staff', payoutMarkPaid: 'staff', payoutReject: 'staff', referralFlagReview: 'staff',
  commissionerWithholdingRateSet: 'staff', sellerDetailsUpdate: 'staff',
  productCreate: 'staff', productUpdate: 'staff', productDelete: 'staff', productVariantCreate: 'staff', productVariantUpdate: 'staff',
  productVariantDelete: 'staff', productMediaCreate: 'staff', productMediaUpdate: 'staff', productMediaReorder: 'staff', productMediaDelete: 'staff',
  categoryCreate: 'staff', categoryUpdate: 'staff', categoryDelete: 'staff', productTypeUpdate: 'staff', brandCreate: 'staff', brandUpdate: 'staff', brandDelete: 'staff',
  collectionCreate: 'staff', collectionUpdate: 'staff', collectionDelete: 'staff', collectionAddProducts: 'staff', collectionRemoveProducts: 'staff',
  bannerCreate: 'staff', bannerUpdate: 'staff', bannerDelete: 'staff', bannersReorder: 'staff',
  announcementModalCreate: 'staff', announcementModalUpdate: 'staff', announcementModalDelete: 'staff', announcementModalsReorder: 'staff',
  testimonialCreate: 'staff', testimonialUpdate: 'staff', testimonialDelete: 'staff', testimonialsReorder: 'staff', contentPageUpdate: 'staff',
  voucherUpdate: 'staff', voucherDelete: 'staff', gatewaySettingsUpdate: 'staff', installmentFactorsUpdate: 'staff', referralSettingsUpdate: 'staff',
};

/**
 * The back-office permission each staff field needs (null: any staff member). Every 'staff'
 * field is listed; the matrix asks each as a staff member without it and with only it.
 */
export const STAFF_PERMISSION: Record<string, StaffPermission | null> = {
  orders: 'MANAGE_ORDERS', staffDashboard: 'MANAGE_ORDERS', orderCancel: 'MANAGE_ORDERS', orderCancelDeny: 'MANAGE_ORDERS', orderConfirm: 'MANAGE_ORDERS', orderBulkConfirm: 'MANAGE_ORDERS',
  orderFulfill: 'MANAGE_ORDERS', orderMarkUnforeseenCircumstance: 'MANAGE_ORDERS', orderReject: 'MANAGE_ORDERS',
  orderMarkAsPaid: 'MANAGE_PAYMENTS', orderRefund: 'MANAGE_PAYMENTS', orderVoid: 'MANAGE_PAYMENTS', orderProofOfBillingRefuse: 'MANAGE_PAYMENTS',
  orderCashOnDeliveryUnavailable: 'MANAGE_ORDERS',
  productVariantStocksUpdate: 'MANAGE_PRODUCTS', staffUsers: 'MANAGE_STAFF', staffCreate: 'MANAGE_STAFF', staffUpdate: 'MANAGE_STAFF',
  payoutRequests: 'MANAGE_PAYOUTS', payoutRequestCounts: 'MANAGE_PAYOUTS', payoutRequestsCsv: 'MANAGE_PAYOUTS', referralFlags: 'MANAGE_PAYOUTS',
  payoutMarkProcessing: 'MANAGE_PAYOUTS', payoutBulkMarkProcessing: 'MANAGE_PAYOUTS', payoutMarkPaid: 'MANAGE_PAYOUTS', payoutReject: 'MANAGE_PAYOUTS',
  referralFlagReview: 'MANAGE_PAYOUTS', withholdingAlphalistCsv: 'MANAGE_PAYOUTS', commissionerWithholdingRateSet: 'MANAGE_PAYOUTS',
  staffProducts: 'MANAGE_PRODUCTS', staffProduct: 'MANAGE_PRODUCTS', productCreate: 'MANAGE_PRODUCTS', productUpdate: 'MANAGE_PRODUCTS',
  productDelete: 'MANAGE_PRODUCTS', productVariantCreate: 'MANAGE_PRODUCTS', productVariantUpdate: 'MANAGE_PRODUCTS', productVariantDelete: 'MANAGE_PRODUCTS',
  productMediaCreate: 'MANAGE_PRODUCTS', productMediaUpdate: 'MANAGE_PRODUCTS', productMediaReorder: 'MANAGE_PRODUCTS', productMediaDelete: 'MANAGE_PRODUCTS',
  staffCollections: 'MANAGE_PRODUCTS', categoryCreate: 'MANAGE_PRODUCTS', categoryUpdate: 'MANAGE_PRODUCTS', categoryDelete: 'MANAGE_PRODUCTS', productTypeUpdate: 'MANAGE_PRODUCTS',
  brandCreate: 'MANAGE_PRODUCTS', brandUpdate: 'MANAGE_PRODUCTS', brandDelete: 'MANAGE_PRODUCTS', collectionCreate: 'MANAGE_PRODUCTS',
  collectionUpdate: 'MANAGE_PRODUCTS', collectionDelete: 'MANAGE_PRODUCTS', collectionAddProducts: 'MANAGE_PRODUCTS', collectionRemoveProducts: 'MANAGE_PRODUCTS',
  staffContent: 'MANAGE_CONTENT', bannerCreate: 'MANAGE_CONTENT', bannerUpdate: 'MANAGE_CONTENT', bannerDelete: 'MANAGE_CONTENT', bannersReorder: 'MANAGE_CONTENT',
  announcementModalCreate: 'MANAGE_CONTENT', announcementModalUpdate: 'MANAGE_CONTENT', announcementModalDelete: 'MANAGE_CONTENT',
  announcementModalsReorder: 'MANAGE_CONTENT', testimonialCreate: 'MANAGE_CONTENT', testimonialUpdate: 'MANAGE_CONTENT',
  testimonialDelete: 'MANAGE_CONTENT', testimonialsReorder: 'MANAGE_CONTENT', contentPageUpdate: 'MANAGE_CONTENT',
  vouchers: 'MANAGE_CONTENT', voucherCreate: 'MANAGE_CONTENT', voucherUpdate: 'MANAGE_CONTENT', voucherDelete: 'MANAGE_CONTENT',
  checkoutSettings: 'MANAGE_CONTENT', checkoutSettingsUpdate: 'MANAGE_CONTENT', shippingZoneUpdate: 'MANAGE_CONTENT',
  referralSettings: 'MANAGE_CONTENT', referralSettingsUpdate: 'MANAGE_CONTENT', sellerDetailsUpdate: 'MANAGE_CONTENT', privacyRequests: 'MANAGE_ORDERS',
  gatewaySettings: 'MANAGE_PAYMENTS', gatewaySettingsUpdate: 'MANAGE_PAYMENTS', installmentFactorsUpdate: 'MANAGE_PAYMENTS',
};

/**
 * Owned-object mutations that skip ids not the caller's instead of refusing them (readOrders
 * marks one's own orders read and ignores the rest): they must answer, and change nothing of
 * the owner's, which ownerState() checks.
 */
const IGNORES_FOREIGN_IDS = new Set(['readOrders']);

const record = createReport('authorization');
const MARKER_STREET = 'Owner Marker Street 4711';

let api: TestApi;
let owner: Customer;
let other: Customer;
/** Staff without any permission. */
let staff: Customer;
/** Staff holding only that permission. */
const holders = {} as Record<StaffPermission, Customer>;
let ids: Record<string, string>;
let markers: string[];
let before: string;

/** What must stay as it was: the owner's account, address, open checkout and order. */
async function ownerState(): Promise<string> {
  const [user] = await api.db.select().from(users).where(eq(users.id, owner.user.id));
  const openCheckouts = await api.db.select({ id: checkouts.id, lines: checkoutLines.quantity }).from(checkouts).leftJoin(checkoutLines, eq(checkoutLines.checkoutId, checkouts.id)).where(eq(checkouts.userId, owner.user.id));
  const ownerOrders = await api.db.select({ id: orders.id, status: orders.status, isRead: orders.isRead }).from(orders).where(eq(orders.userId, owner.user.id));
  const me = await api.gql('{ me { email firstName addresses { streetAddress1 city } } }', {}, { token: owner.token });
  return JSON.stringify({ email: user!.email, passwordHash: user!.passwordHash, version: user!.tokenVersion, openCheckouts, ownerOrders, me: me.data });
}

beforeAll(async () => {
  api = await createTestApi();
  await seedZones(api.db);
  [owner, other, staff] = [await createCustomer(api), await createCustomer(api), await createCustomer(api)];
  await api.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  for (const permission of STAFF_PERMISSIONS) {
    holders[permission] = await createCustomer(api);
    await api.db.update(users).set({ isStaff: true }).where(eq(users.id, holders[permission].user.id));
    await api.db.insert(staffPermissions).values({ userId: holders[permission].user.id, permission });
  }
  const variantId = await createVariant(api.db, { price: 1_000_00, stock: 50 });
  const placed = await completeCheckout(owner.ctx, await readyCheckout(owner, [{ variantId, quantity: 1 }]));
  const openId = await readyCheckout(owner, [{ variantId, quantity: 2 }]);
  const [open] = await api.db.select().from(checkouts).where(eq(checkouts.id, openId));
  const [line] = await api.db.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, openId));
  const address = await api.gql<{ accountAddressCreate: { address: { id: string } } }>(
    'mutation ($input: AddressInput!) { accountAddressCreate(input: $input, type: BILLING) { address { id } errors { message } } }',
    { input: { ...ADDRESS, streetAddress1: MARKER_STREET } },
    { token: owner.token },
  );
  if (!address.data?.accountAddressCreate.address) throw new Error(`address fixture: ${JSON.stringify(address)}`);
  const [order] = await api.db.select().from(orders).where(eq(orders.id, placed.order.id));
  const [card] = await api.db
    .insert(savedCards)
    .values({ userId: owner.user.id, customerId: 'cus-owner', cardTokenId: 'ctok-owner', brand: 'VISA', last4: '4242', state: 'VERIFIED', isDefault: true })
    .returning();
  ids = {
    Checkout: encodeGlobalID('Checkout', openId),
    CheckoutToken: open!.token,
    CheckoutLine: encodeGlobalID('CheckoutLine', line!.id),
    Order: encodeGlobalID('Order', order!.id),
    Address: address.data!.accountAddressCreate.address.id,
    User: encodeGlobalID('User', owner.user.id),
    Product: encodeGlobalID('Product', 1),
    PaymayaCard: encodeGlobalID('PaymayaCard', card!.id),
  };
  markers = [owner.user.email, MARKER_STREET, order!.referenceKey];
  before = await ownerState();
});
afterAll(() => api.close());

/** The owner's id an argument of this field names. */
function ownerIdFor(field: string, arg: string): string | undefined {
  if (arg === 'checkoutId') return ids.Checkout;
  if (arg === 'lineId') return ids.CheckoutLine;
  if (arg === 'token') return ids.CheckoutToken;
  if (['order', 'orderId', 'orders'].includes(arg)) return ids.Order;
  if (arg === 'productId' || arg === 'products') return ids.Product;
  if (arg === 'id' && field.startsWith('account')) return ids.Address;
  if (arg === 'id' && /paymayacard/i.test(field)) return ids.PaymayaCard;
  if (arg === 'id' && ['order', 'requestOrderCancel', 'proofOfBillingUpload'].includes(field)) return ids.Order;
  return undefined;
}

type Probe = { root: RootField; variables: Record<string, unknown> };

function probesOf(root: RootField): Probe[] {
  if (root.name === 'node') return ['Checkout', 'Order', 'Address', 'User'].map((kind) => ({ root, variables: { id: ids[kind] } }));
  if (root.name === 'nodes') return [{ root, variables: { ids: [ids.Checkout, ids.Order, ids.Address, ids.User] } }];
  const variables = Object.fromEntries(root.field.args.map((a) => [a.name, sampleValue(a.type, a.name, (n) => ownerIdFor(root.name, n))]));
  return [{ root, variables }];
}

async function ask(probe: Probe, token?: string): Promise<GraphQLResponse> {
  return api.gql(operationFor(probe.root), probe.variables, token ? { token } : {});
}

/** Refused: no answer for the field, or an answer that carries errors. */
function refused(response: GraphQLResponse, field: string): boolean {
  const value = response.data?.[field] as unknown;
  if (value === null || value === undefined) return true;
  // A yes/no about oneself (isReviewed) answers a visitor "no": nothing of anyone's.
  if (value === false && ACCESS[field] === 'self') return true;
  if (Array.isArray(value)) return value.every((v) => v === null);
  const errors = (value as { errors?: unknown[] }).errors;
  return Array.isArray(errors) && errors.length > 0;
}

const leaks = (response: GraphQLResponse) => markers.filter((m) => JSON.stringify(response).includes(m));
const protectedFields = () => rootFields().filter((r) => ACCESS[r.name] && ACCESS[r.name] !== 'public');

describe('authorization matrix', () => {
  it('classifies every root query and mutation', () => {
    const missing = rootFields().map((r) => r.name).filter((name) => !ACCESS[name]);
    expect(missing, 'add each to ACCESS in hardening/authorization.test.ts').toEqual([]);
  });

  it('refuses visitors everything but public fields, and shows them nothing of the owner', async () => {
    let asked = 0;
    const failures: string[] = [];
    for (const root of protectedFields()) {
      for (const probe of probesOf(root)) {
        const response = await ask(probe);
        asked++;
        if (!refused(response, root.name)) failures.push(`${root.name}: answered a visitor ${JSON.stringify(response).slice(0, 200)}`);
        if (leaks(response).length) failures.push(`${root.name}: leaked ${leaks(response).join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    record('visitor', { probes: asked });
  });

  it('never lets another customer read or act on the owner\'s objects', async () => {
    let asked = 0;
    const failures: string[] = [];
    for (const root of protectedFields().filter((r) => ACCESS[r.name] === 'owned')) {
      for (const probe of probesOf(root)) {
        const response = await ask(probe, other.token);
        asked++;
        if (!refused(response, root.name) && !IGNORES_FOREIGN_IDS.has(root.name)) failures.push(`${root.name}: answered another customer ${JSON.stringify(response).slice(0, 200)}`);
        if (leaks(response).length) failures.push(`${root.name}: leaked ${leaks(response).join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await ownerState()).toBe(before);
    record('other customer', { probes: asked });
  });

  it('names the permission of every staff field', () => {
    const staffFields = rootFields().map((r) => r.name).filter((name) => ACCESS[name] === 'staff');
    expect(staffFields.filter((name) => !(name in STAFF_PERMISSION)), 'add each to STAFF_PERMISSION').toEqual([]);
  });

  it('keeps staff fields from customers and from staff without the permission, and opens them to staff with it', async () => {
    const failures: string[] = [];
    let asked = 0;
    const denied = (response: GraphQLResponse) => response.errors?.some((e) => /not authori[sz]ed|permission/i.test(e.message)) === true;
    for (const root of protectedFields().filter((r) => ACCESS[r.name] === 'staff')) {
      const permission = STAFF_PERMISSION[root.name] ?? null;
      for (const probe of probesOf(root)) {
        const asCustomer = await ask(probe, owner.token);
        const asBareStaff = await ask(probe, staff.token);
        asked += 2;
        if (!refused(asCustomer, root.name)) failures.push(`${root.name}: answered a customer`);
        if (permission === null) {
          if (denied(asBareStaff)) failures.push(`${root.name}: refused staff: ${asBareStaff.errors![0]!.message}`);
          continue;
        }
        if (!refused(asBareStaff, root.name)) failures.push(`${root.name}: answered staff without ${permission}`);
        for (const other of STAFF_PERMISSIONS.filter((p) => p !== permission)) {
          const asOther = await ask(probe, holders[other].token);
          asked++;
          if (!refused(asOther, root.name)) failures.push(`${root.name}: answered staff with only ${other}`);
        }
        const asHolder = await ask(probe, holders[permission].token);
        asked++;
        if (denied(asHolder)) failures.push(`${root.name}: refused staff with ${permission}: ${asHolder.errors![0]!.message}`);
      }
    }
    expect(failures).toEqual([]);
    record('staff fields', { probes: asked });
  });

  it('answers the owner, so the probes above ask real questions', async () => {
    const response = await ask(probesOf(rootFields().find((r) => r.name === 'order')!)[0]!, owner.token);
    expect(refused(response, 'order')).toBe(false);
    expect(leaks(response).length).toBeGreaterThan(0);
  });
});
