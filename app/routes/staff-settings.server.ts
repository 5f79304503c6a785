// /staff/settings's form posts: one intent per section (fees, zone, gateway, installments, referral, seller). Empty
// fields are left as they are; the API checks every value again.
import { data, type AppLoadContext } from 'react-router';
import type { ApiFieldError } from '../../common/errors';
import { INSTALLMENT_FACTOR_MESSAGE, INSTALLMENT_FACTOR_TERMS } from '../../common/catalogue/installment-factors';
import { SETTINGS_MESSAGES } from '../../common/staff/settings-rules';
import {
  CheckoutSettingsUpdateMutation,
  GatewaySettingsUpdateMutation,
  InstallmentFactorsUpdateMutation,
  ReferralSettingsUpdateMutation,
  ShippingZoneUpdateMutation,
} from '../graphql/staff-settings';
import { SellerDetailsUpdateMutation } from '../graphql/seller-details';
import { query } from '../lib/api.server';

class BadNumber extends Error {
  constructor(readonly field: string) {
    super(field);
  }
}

/** The number typed in a field; undefined when empty. */
function num(form: FormData, name: string, field = name): number | undefined {
  const raw = String(form.get(name) ?? '').trim().replace(/,/g, '');
  if (raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new BadNumber(field);
  return value;
}

const defined = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

async function save(context: AppLoadContext, intent: string, form: FormData): Promise<ApiFieldError[]> {
  if (intent === 'fees') {
    const input = defined({
      insurancePercentage: num(form, 'insurancePercentage'),
      insuranceMinimum: num(form, 'insuranceMinimum'),
      cashOnDeliveryFeePercentage: num(form, 'cashOnDeliveryFeePercentage'),
      cashOnDeliveryFeeMinimum: num(form, 'cashOnDeliveryFeeMinimum'),
      cashOnDeliveryMaximumOrder: num(form, 'cashOnDeliveryMaximumOrder'),
      paypalTransactionFeePercentage: num(form, 'paypalTransactionFeePercentage'),
    });
    return (await query(context, CheckoutSettingsUpdateMutation, { input })).checkoutSettingsUpdate?.errors ?? [];
  }
  if (intent === 'zone') {
    const weights = form.getAll('maxWeight').map(String);
    const prices = form.getAll('price').map(String);
    const rates: { maxWeight: number; price: number }[] = [];
    weights.forEach((w, i) => {
      const p = prices[i] ?? '';
      if (!w.trim() && !p.trim()) return;
      const maxWeight = Number(w);
      const price = Number(p.replace(/,/g, ''));
      if (!Number.isFinite(maxWeight) || !Number.isFinite(price) || !w.trim() || !p.trim()) throw new BadNumber('rates');
      rates.push({ maxWeight, price });
    });
    const name = String(form.get('name') ?? '').trim();
    const input = defined({ name: name || undefined, extraPerKgPrice: num(form, 'extraPerKgPrice'), rates });
    return (await query(context, ShippingZoneUpdateMutation, { id: String(form.get('id') ?? ''), input })).shippingZoneUpdate?.errors ?? [];
  }
  if (intent === 'gateway') {
    const maximum = num(form, 'maximumOrderAmount');
    const input = defined({
      displayName: String(form.get('displayName') ?? '').trim() || undefined,
      isEnabled: form.get('isEnabled') === 'on',
      // An emptied maximum goes back to the gateway's default.
      maximumOrderAmount: maximum ?? null,
      paymentWindowMinutes: num(form, 'paymentWindowMinutes'),
    });
    return (await query(context, GatewaySettingsUpdateMutation, { gateway: String(form.get('gateway') ?? ''), input })).gatewaySettingsUpdate?.errors ?? [];
  }
  if (intent === 'installments') {
    // All 12 or nothing: an empty or non-numeric box is the table's one message.
    const factors = INSTALLMENT_FACTOR_TERMS.map((term) => ({ term, factor: Number(String(form.get(`factor-${term}`) ?? '').trim() || Number.NaN) }));
    if (factors.some((f) => !Number.isFinite(f.factor))) return [{ field: 'factors', message: INSTALLMENT_FACTOR_MESSAGE }];
    return (await query(context, InstallmentFactorsUpdateMutation, { factors })).installmentFactorsUpdate?.errors ?? [];
  }
  if (intent === 'referral') {
    const input = defined({
      level1Percentage: num(form, 'level1Percentage'),
      level2Percentage: num(form, 'level2Percentage'),
      holdDays: num(form, 'holdDays'),
      payoutTaxPercentage: num(form, 'payoutTaxPercentage'),
    });
    return (await query(context, ReferralSettingsUpdateMutation, { input })).referralSettingsUpdate?.errors ?? [];
  }
  if (intent === 'seller') return saveSellerDetails(context, form);
  return [{ field: null, message: SETTINGS_MESSAGES.invalidAmount }];
}

/** Fields a seller always has: left as they are when emptied (the API would refuse them empty). */
const SELLER_KEPT_WHEN_EMPTY = ['registeredName', 'tin', 'branchCode', 'businessAddress'];
const SELLER_FIELDS = [...SELLER_KEPT_WHEN_EMPTY, 'tradeName', 'registrationNumber', 'contactEmail', 'contactPhone', 'dataProtectionOfficerName', 'dataProtectionOfficerEmail'];

async function saveSellerDetails(context: AppLoadContext, form: FormData): Promise<ApiFieldError[]> {
  const text = Object.fromEntries(SELLER_FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()]).filter(([f, v]) => v !== '' || !SELLER_KEPT_WHEN_EMPTY.includes(f!)));
  const vat = String(form.get('vatStatus') ?? '');
  const input = { ...text, ...(vat === 'VAT' || vat === 'NON_VAT' ? { vatStatus: vat } : {}) } as const;
  return (await query(context, SellerDetailsUpdateMutation, { input })).sellerDetailsUpdate?.errors ?? [];
}

export async function settingsAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const section = `${intent}:${String(form.get('id') ?? form.get('gateway') ?? '')}`;
  let errors: ApiFieldError[];
  try {
    errors = await save(context, intent, form);
  } catch (error) {
    if (!(error instanceof BadNumber)) throw error;
    errors = [{ field: error.field, message: SETTINGS_MESSAGES.invalidAmount }];
  }
  return data({ ok: errors.length === 0, message: errors[0]?.message ?? 'Saved.', section, errors }, { status: errors.length ? 400 : 200 });
}
