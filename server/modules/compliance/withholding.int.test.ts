// Expanded withholding tax on payouts on a real database (docs/decisions/051-withholding-on-payouts.md):
// the tax at the shop's rate (10%, set as the rule asks) and at a commissioner's own rate (hand-computed figures), rounding
// to the centavo, the rate kept on the payout when rates change, a rejected payout returning its
// points and tax, the commissioner's TIN, the quarterly certificate (figures per month, the PDF
// read back) and the staff alphalist CSV whose totals equal the payouts'.
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMISSIONER_TAX_MESSAGES, TIN_NOT_GIVEN } from '../../../common/compliance/commissioner-tax';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { users } from '../accounts/accounts.tables';
import { claim, creditPoints } from '../referrals/payouts.fixtures';
import { markPayoutPaid, markPayoutProcessing, rejectPayout } from '../referrals/payouts-staff.service';
import { payoutAmounts, pointsBalance } from '../referrals/payouts.service';
import { DEFAULT_SETTINGS, updateReferralSettings } from '../referrals/referral-settings.service';
import { payouts } from '../referrals/referrals.tables';
import { staffPermissions } from '../system/staff-access.tables';
import { writeSellerDetails } from '../system/seller-details.service';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { withholdingCertificate, CERTIFICATE_MESSAGES } from './certificate.service';
import { parseQuarter } from '../../../common/compliance/withholding-quarter';
import { quarterWithholding, withholdingAlphalistCsv } from './withholding.service';

let t: TestApi;
let staff: Customer;
/** 10%: the rule's rate for an individual payee without a sworn declaration. */
const SHOP_RATE = 1_000;

beforeAll(async () => {
  t = await createTestApi();
  staff = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  await t.db.insert(staffPermissions).values({ userId: staff.user.id, permission: 'MANAGE_PAYOUTS' });
  staff = {
    ...staff,
    user: { ...staff.user, isStaff: true },
    ctx: t.serviceContext({ ...staff.user, isStaff: true }),
  };
  await writeSellerDetails(t.db, {
    registeredName: 'Suki Trading Corporation',
    tin: '987-654-321',
    branchCode: '00000',
    businessAddress: '12 Rizal Avenue, Barangay 1, Manila 1000',
  });
  // The shop's rate starts at 0% (the product's default); this shop withholds as the rule asks of
  // a payor whose commissioners gave no sworn declaration.
  await updateReferralSettings(t.db, { payoutTaxRate: SHOP_RATE });
});
afterAll(async () => {
  await t?.close();
});

const SET_RATE = `mutation($u: ID!, $p: Float, $n: String) { commissionerWithholdingRateSet(userId: $u, percentage: $p, note: $n) { ownWithholdingPercentage errors { field message } } }`;
const SAVE_TAX = `mutation($tin: String, $a: String) { commissionerTaxDetailsSave(tin: $tin, registeredAddress: $a) { commissionerTax { tin registeredAddress withholdingPercentage } errors { field message } } }`;
const userGid = (id: number) => Buffer.from(`User:${id}`).toString('base64');

async function setOwnRate(c: Customer, percentage: number | null, note = 'Sworn declaration received') {
  const r = await t.gql<{
    commissionerWithholdingRateSet: {
      ownWithholdingPercentage: number | null;
      errors: { message: string }[];
    };
  }>(SET_RATE, { u: userGid(c.user.id), p: percentage, n: note }, { token: staff.token });
  expect(r.errors).toBeUndefined();
  return r.data!.commissionerWithholdingRateSet;
}

/** Credits, claims to GCash and answers the stored payout row. */
async function claimRow(c: Customer, points: number) {
  await creditPoints(t, c, points);
  const result = await claim(t, c, 'GCASH', '0917 123 4567');
  expect(result.errors).toEqual([]);
  const rows = await t.db.select().from(payouts).where(eq(payouts.userId, c.user.id)).orderBy(payouts.id);
  return { result, row: rows.at(-1)! };
}

/** Pays a payout through the staff moves and dates it `paidAt` (a quarter in the past or future). */
async function payAt(payoutId: number, paidAt: Date) {
  await markPayoutProcessing(staff.ctx, payoutId);
  await markPayoutPaid(staff.ctx, payoutId, `REF-${payoutId}`);
  await t.db.update(payouts).set({ paidAt }).where(eq(payouts.id, payoutId));
}

/** CSV rows as objects by header (fields quoted only when they hold a comma or a quote, as csv-stringify writes). */
function parseCsv(text: string): Record<string, string>[] {
  const splitLine = (line: string) => {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i += 1) {
      const ch = line[i]!;
      if (quoted && ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') {
        quoted = !quoted;
      } else if (ch === ',' && !quoted) {
        cells.push(cell);
        cell = '';
      } else {
        cell += ch;
      }
    }
    return [...cells, cell];
  };
  const [header, ...rows] = text.trim().split('\n').map(splitLine);
  return rows.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ''])));
}

/** A Manila wall-clock time as the instant it is (Manila is UTC+8). */
const manila = (iso: string) => new Date(`${iso}+08:00`);

describe('the tax on a payout', () => {
  it("takes the shop's rate, 10%, on the gross: 1,234 points -> tax PHP 123.40, sent PHP 1,085.60, the rate kept on the row", async () => {
    // A new shop withholds nothing until staff set its rate.
    expect(DEFAULT_SETTINGS.payoutTaxRate).toBe(0);
    const c = await createCustomer(t);
    const { result, row } = await claimRow(c, 1_234);
    // 1,234.00 x 10% = 123.40; 1,234.00 - 25.00 - 123.40 = 1,085.60
    expect(result.payout).toMatchObject({
      referralRewards: 1_234,
      transactionFee: { amount: 25 },
      tax: { amount: 123.4 },
      totalPayout: { amount: 1_085.6 },
    });
    expect(row).toMatchObject({
      tax: 12_340,
      totalPayout: 108_560,
      taxRate: 1_000,
    });
  });

  it("takes the commissioner's own rate staff set (5% with the sworn declaration): 777 points -> tax PHP 38.85", async () => {
    const c = await createCustomer(t);
    expect(await setOwnRate(c, 5)).toEqual({
      ownWithholdingPercentage: 5,
      errors: [],
    });
    const me = await t.gql<{ me: { payoutSummary: { taxRate: number } } }>(`{ me { payoutSummary { taxRate } } }`, {}, { token: c.token });
    expect(me.data!.me.payoutSummary.taxRate).toBe(5);
    const { row } = await claimRow(c, 777);
    // 777.00 x 5% = 38.85; 777.00 - 25.00 - 38.85 = 713.15
    expect(row).toMatchObject({
      tax: 3_885,
      totalPayout: 71_315,
      taxRate: 500,
    });
  });

  it('rounds to the nearest centavo, half up, in integers', () => {
    // 537.00 x 2.5% = 13.425 -> 13.43; 501.00 x 7.33% = 36.7233 -> 36.72; 999.00 x 0.01% = 0.0999 -> 0.10
    expect(payoutAmounts(537, 250)).toEqual({
      transactionFee: 2_500,
      tax: 1_343,
      taxRate: 250,
      totalPayout: 53_700 - 2_500 - 1_343,
    });
    expect(payoutAmounts(501, 733).tax).toBe(3_672);
    expect(payoutAmounts(999, 1).tax).toBe(10);
    expect(payoutAmounts(600, 0).tax).toBe(0);
  });

  it("keeps a payout's tax and rate when the shop's or the commissioner's rate changes later", async () => {
    const c = await createCustomer(t);
    const { row } = await claimRow(c, 800);
    expect(row).toMatchObject({ tax: 8_000, taxRate: 1_000 });
    await updateReferralSettings(t.db, { payoutTaxRate: 800 });
    try {
      await setOwnRate(c, 2);
      await payAt(row.id, manila('2031-02-10T10:00:00'));
      const [after] = await t.db.select().from(payouts).where(eq(payouts.id, row.id));
      expect(after).toMatchObject({
        tax: 8_000,
        totalPayout: 80_000 - 2_500 - 8_000,
        taxRate: 1_000,
      });
      const [payee] = await quarterWithholding(t.db, parseQuarter('2031-Q1')!, c.user.id);
      expect(payee).toMatchObject({
        atc: 'WI516',
        taxRate: 1_000,
        income: 80_000,
        tax: 8_000,
      });
    } finally {
      await updateReferralSettings(t.db, { payoutTaxRate: SHOP_RATE });
    }
  });

  it('a rejected payout returns its points and its tax: nothing withheld is reported, the next claim is taxed afresh', async () => {
    const c = await createCustomer(t);
    const { row } = await claimRow(c, 650);
    expect(row).toMatchObject({ tax: 6_500 });
    expect((await pointsBalance(t.db, c.user.id)).available).toBe(0);
    await rejectPayout(staff.ctx, row.id, 'Wrong GCash number');
    expect((await pointsBalance(t.db, c.user.id)).available).toBe(650);
    await t.db
      .update(payouts)
      .set({ paidAt: manila('2031-05-01T09:00:00') })
      .where(eq(payouts.id, row.id));
    expect(await quarterWithholding(t.db, parseQuarter('2031-Q2')!, c.user.id)).toEqual([]);
    await setOwnRate(c, 5);
    const again = await claim(t, c, 'GCASH', '0917 123 4567');
    // The same 650 points at the rate now: 650.00 x 5% = 32.50
    expect(again.payout).toMatchObject({
      referralRewards: 650,
      tax: { amount: 32.5 },
    });
  });

  it('refuses a rate outside 0-100 or with more than 2 decimals, and anyone without MANAGE_PAYOUTS', async () => {
    const c = await createCustomer(t);
    expect((await setOwnRate(c, 101)).errors[0]?.message).toBe(COMMISSIONER_TAX_MESSAGES.rate);
    expect((await setOwnRate(c, 5.125)).errors[0]?.message).toBe(COMMISSIONER_TAX_MESSAGES.rate);
    expect(await setOwnRate(c, null)).toEqual({
      ownWithholdingPercentage: null,
      errors: [],
    });
    const r = await t.gql(SET_RATE, { u: userGid(c.user.id), p: 5 }, { token: c.token });
    expect(r.errors?.length).toBeGreaterThan(0);
    expect((await t.db.select().from(payouts).where(eq(payouts.userId, c.user.id))).length).toBe(0);
  });
});

describe("the commissioner's TIN", () => {
  it('takes 9 digits with an optional branch code, as people type them; empty clears; anything else is refused', async () => {
    const c = await createCustomer(t);
    type Save = {
      commissionerTaxDetailsSave: {
        commissionerTax: {
          tin: string | null;
          registeredAddress: string | null;
        } | null;
        errors: { field: string; message: string }[];
      };
    };
    const save = async (tin: string, a = '') => (await t.gql<Save>(SAVE_TAX, { tin, a }, { token: c.token })).data!.commissionerTaxDetailsSave;
    expect((await save('123 456 789', ' 5 Mabini St.,  Quezon City ')).commissionerTax).toEqual({
      tin: '123-456-789',
      registeredAddress: '5 Mabini St., Quezon City',
      withholdingPercentage: 10,
    });
    expect((await save('123-456-789-000')).commissionerTax).toMatchObject({
      tin: '123-456-789-000',
      registeredAddress: null,
    });
    expect((await save('12345678')).errors).toEqual([{ field: 'tin', message: COMMISSIONER_TAX_MESSAGES.tin }]);
    expect((await save('123-456-789-00')).errors).toEqual([{ field: 'tin', message: COMMISSIONER_TAX_MESSAGES.tin }]);
    expect((await save('')).commissionerTax).toMatchObject({ tin: null });
    const visitor = await t.gql<Save>(SAVE_TAX, { tin: '123456789' });
    expect(visitor.data!.commissionerTaxDetailsSave.errors[0]?.message).toBe('Please signup/login to continue.');
  });
});

describe('the quarterly certificate (BIR Form 2307 fields)', () => {
  it("adds the income by Manila month of payment and the tax withheld, under each rate's ATC; the PDF reads them back", async () => {
    const c = await createCustomer(t);
    await t.db.update(users).set({ firstName: 'Maria', lastName: 'Santos' }).where(eq(users.id, c.user.id));
    await t.gql(SAVE_TAX, { tin: '123456789001', a: '5 Mabini St., Quezon City' }, { token: c.token });
    // July at 10%: 1,000 points; August at 10%: 500; September at 5%: 2,000; October 1 at 00:10 Manila is Q4.
    const july = (await claimRow(c, 1_000)).row;
    await payAt(july.id, manila('2032-07-15T12:00:00'));
    const august = (await claimRow(c, 500)).row;
    // Still in August in Manila although the UTC date is July 31.
    await payAt(august.id, manila('2032-08-01T07:30:00'));
    await setOwnRate(c, 5);
    const september = (await claimRow(c, 2_000)).row;
    await payAt(september.id, manila('2032-09-30T23:30:00'));
    const october = (await claimRow(c, 700)).row;
    await payAt(october.id, manila('2032-10-01T00:10:00'));
    const notPaid = (await claimRow(c, 900)).row; // PENDING: not income paid yet
    expect(notPaid.status).toBe('PENDING');

    const certificate = await withholdingCertificate({ ...c.ctx }, '2032-Q3');
    expect(certificate).toMatchObject({
      quarter: '2032-Q3',
      periodFrom: '07/01/2032',
      periodTo: '09/30/2032',
      payee: {
        tin: '123-456-789-001',
        name: 'Santos, Maria',
        registeredAddress: '5 Mabini St., Quezon City',
      },
      payor: {
        tin: '987-654-321-00000',
        name: 'Suki Trading Corporation',
        registeredAddress: '12 Rizal Avenue, Barangay 1, Manila 1000',
      },
      rows: [
        // 5%: September 2,000.00, tax 100.00
        {
          atc: 'WI515',
          ratePercent: 5,
          months: [0, 0, 200_000],
          total: 200_000,
          tax: 10_000,
        },
        // 10%: July 1,000.00 and August 500.00, tax 100.00 + 50.00
        {
          atc: 'WI516',
          ratePercent: 10,
          months: [100_000, 50_000, 0],
          total: 150_000,
          tax: 15_000,
        },
      ],
      totals: {
        months: [100_000, 50_000, 200_000],
        total: 350_000,
        tax: 25_000,
      },
    });

    type Cert = {
      me: {
        withholdingQuarters: string[];
        withholdingCertificate: {
          filename: string | null;
          pdf: string | null;
          message: string | null;
        };
      };
    };
    const r = await t.gql<Cert>(
      `query($q: String!) { me { withholdingQuarters withholdingCertificate(quarter: $q) { filename pdf message } } }`,
      { q: '2032-Q3' },
      { token: c.token },
    );
    expect(r.data!.me.withholdingQuarters).toEqual(['2032-Q4', '2032-Q3']);
    const file = r.data!.me.withholdingCertificate;
    expect(file).toMatchObject({
      filename: 'suki-bir-2307-2032-Q3.pdf',
      message: null,
    });
    const { text } = await new PDFParse({
      data: Buffer.from(file.pdf!, 'base64'),
    }).getText();
    for (const expected of [
      'Certificate of Creditable Tax Withheld at Source',
      'From 07/01/2032 To 09/30/2032',
      '123-456-789-001',
      'Santos, Maria',
      '987-654-321-00000',
      'Suki Trading Corporation',
      'WI515',
      'WI516',
      '1,000.00',
      '2,000.00',
      '3,500.00',
      '250.00',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('says "TIN not given" without a TIN; refuses a quarter with nothing paid and anyone else\'s certificate', async () => {
    const c = await createCustomer(t);
    const { row } = await claimRow(c, 540);
    await payAt(row.id, manila('2033-01-20T10:00:00'));
    const certificate = await withholdingCertificate(c.ctx, '2033-Q1');
    expect(certificate.payee.tin).toBe(TIN_NOT_GIVEN);
    expect(certificate.rows).toEqual([
      expect.objectContaining({
        atc: 'WI516',
        months: [54_000, 0, 0],
        tax: 5_400,
      }),
    ]);
    await expect(withholdingCertificate(c.ctx, '2033-Q2')).rejects.toThrow(CERTIFICATE_MESSAGES.nothingPaid);
    const other = await createCustomer(t);
    await expect(withholdingCertificate(other.ctx, '2033-Q1')).rejects.toThrow(CERTIFICATE_MESSAGES.nothingPaid);
    const asOther = await t.gql<{ user: unknown }>(`{ me { withholdingCertificate(quarter: "2033-Q1") { pdf message } } }`, {}, { token: other.token });
    expect(JSON.stringify(asOther.data)).toContain(CERTIFICATE_MESSAGES.nothingPaid);
    const { text } = await new PDFParse({
      data: Buffer.from(
        (
          await t.gql<{ me: { withholdingCertificate: { pdf: string } } }>(
            `{ me { withholdingCertificate(quarter: "2033-Q1") { pdf } } }`,
            {},
            { token: c.token },
          )
        ).data!.me.withholdingCertificate.pdf,
        'base64',
      ),
    }).getText();
    expect(text).toContain(TIN_NOT_GIVEN);
  });
});

describe("the quarter's alphalist (staff CSV)", () => {
  it('lists each payee and rate with TIN, name, ATC, income per month and tax; its totals equal the paid payouts', async () => {
    const a = await createCustomer(t);
    const b = await createCustomer(t);
    await t.db.update(users).set({ firstName: 'Ana', lastName: '=Cruz' }).where(eq(users.id, a.user.id));
    await t.gql(SAVE_TAX, { tin: '111-222-333' }, { token: a.token });
    await setOwnRate(b, 5);
    const paid = [
      [a, 1_111, '2034-04-03T09:00:00'],
      [a, 2_222, '2034-06-30T22:00:00'],
      [b, 3_333, '2034-05-15T09:00:00'],
    ] as const;
    for (const [who, points, at] of paid) {
      const { row } = await claimRow(who, points);
      await payAt(row.id, manila(at));
    }
    const outside = (await claimRow(b, 500)).row;
    await payAt(outside.id, manila('2034-07-01T00:00:00'));

    const csv = await t.gql<{ withholdingAlphalistCsv: string }>(`{ withholdingAlphalistCsv(quarter: "2034-Q2") }`, {}, { token: staff.token });
    expect(csv.errors).toBeUndefined();
    const rows = parseCsv(csv.data!.withholdingAlphalistCsv);
    expect(rows).toEqual([
      {
        Seq: '1',
        TIN: '111-222-333',
        'Payee name': "'=Cruz, Ana",
        'Registered address': '',
        ATC: 'WI516',
        'Rate (%)': '10.00',
        'Income month 1': '1111.00',
        'Income month 2': '0.00',
        'Income month 3': '2222.00',
        'Income paid': '3333.00',
        'Tax withheld': '333.30',
      },
      {
        Seq: '2',
        TIN: TIN_NOT_GIVEN,
        'Payee name': 'Dela Cruz, Juan',
        'Registered address': '',
        ATC: 'WI515',
        'Rate (%)': '5.00',
        'Income month 1': '0.00',
        'Income month 2': '3333.00',
        'Income month 3': '0.00',
        'Income paid': '3333.00',
        'Tax withheld': '166.65',
      },
      expect.objectContaining({
        'Payee name': 'Total',
        'Income paid': '6666.00',
        'Tax withheld': '499.95',
      }),
    ]);
    // The totals are the paid payouts' own figures.
    const inQuarter = (await t.db.select().from(payouts).where(eq(payouts.status, 'PAID'))).filter(
      (p) => p.paidAt! >= manila('2034-04-01T00:00:00') && p.paidAt! < manila('2034-07-01T00:00:00'),
    );
    expect((inQuarter.reduce((s, p) => s + p.tax, 0) / 100).toFixed(2)).toBe('499.95');
    expect((inQuarter.reduce((s, p) => s + p.points * 100, 0) / 100).toFixed(2)).toBe('6666.00');

    const refused = await t.gql(`{ withholdingAlphalistCsv(quarter: "2034-Q2") }`, {}, { token: a.token });
    expect(refused.data?.withholdingAlphalistCsv ?? null).toBeNull();
    await expect(withholdingAlphalistCsv(staff.ctx, '2034-Q5')).rejects.toThrow('Please choose a quarter');
  });
});
