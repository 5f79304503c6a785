// /staff/settings: the seller's registered details, checkout fees, shipping zones and Commissioner rates (MANAGE_CONTENT) and the
// payment gateways (MANAGE_PAYMENTS): each section shows only to staff who may change it.
import { data, Form, useActionData } from 'react-router';
import type { Route } from './+types/staff-settings';
import { fieldMessages } from '../../common/validation/issues';
import { InstallmentFactorsQuery } from '../graphql/installments';
import { StaffSellerDetailsQuery } from '../graphql/seller-details';
import { StaffContentSettingsQuery, StaffGatewaySettingsQuery, type StaffShippingZone } from '../graphql/staff-settings';
import { query } from '../lib/api.server';
import { settingsAction } from './staff-settings.server';
import { requireStaff } from './staff.server';

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Suki back office' }];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = await requireStaff(context);
  const content = staff.userPermissions.includes('MANAGE_CONTENT');
  const payments = staff.userPermissions.includes('MANAGE_PAYMENTS');
  if (!content && !payments) throw data(null, { status: 403 });
  const [shop, seller, gateways, installments] = await Promise.all([
    content ? query(context, StaffContentSettingsQuery) : null,
    content ? query(context, StaffSellerDetailsQuery) : null,
    payments ? query(context, StaffGatewaySettingsQuery) : null,
    payments ? query(context, InstallmentFactorsQuery) : null,
  ]);
  return {
    fees: shop?.checkoutSettings ?? null,
    zones: shop?.shippingZones?.edges.map((e) => e.node) ?? [],
    referral: shop?.referralSettings ?? null,
    seller: seller?.sellerDetails ?? null,
    gateways: gateways?.gatewaySettings ?? null,
    // The schema lets a row's fields be null; the API always fills them (installment-factors.ts).
    installmentFactors:
      installments?.installmentFactors?.factors?.map((f) => ({ term: f.term ?? 0, factor: f.factor ?? 1 })) ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(context);
  return settingsAction(request, context);
}

type Result = { ok: boolean; message: string; section: string; errors: { field: string | null; message: string }[] } | undefined;

function Message({ result, section }: { result: Result; section: string }) {
  if (!result || result.section !== section) return null;
  return (
    <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'text-green-800' : 'text-red-700'}>
      {result.message}
    </p>
  );
}

function NumberField({ id, name, label, value, step = 'any', error }: { id: string; name: string; label: string; value: number | string | null | undefined; step?: string; error?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        step={step}
        min="0"
        defaultValue={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-40 rounded border border-gray-300 px-2 py-1"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded border border-gray-200 bg-white p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

type SellerDetailsForm = NonNullable<Awaited<ReturnType<typeof loader>>['seller']>;

const SELLER_TEXT_FIELDS: [name: keyof SellerDetailsForm, label: string, hint?: string][] = [
  ['registeredName', 'Registered name', 'As on the BIR certificate of registration'],
  ['tradeName', 'Trade name'],
  ['tin', 'TIN', '000-000-000'],
  ['branchCode', 'Branch code', '00000 for the head office'],
  ['businessAddress', 'Registered business address'],
  ['registrationNumber', 'DTI or SEC registration number'],
  ['contactEmail', 'Contact email'],
  ['contactPhone', 'Contact number'],
  ['dataProtectionOfficerName', 'Data protection officer'],
  ['dataProtectionOfficerEmail', "Data protection officer's email"],
];

/** Shown in every page's footer, in order emails and on invoices; the privacy page names the officer. */
function SellerDetailsSection({ seller, result }: { seller: SellerDetailsForm; result: Result }) {
  const errors = result?.section === 'seller:' ? fieldMessages(result.errors) : {};
  return (
    <Section id="seller-title" title="Seller details">
      <p className="text-sm">Shown in every page&apos;s footer, in order emails and on invoices. The privacy page names the data protection officer.</p>
      <Form method="post" className="space-y-3" aria-label="Seller details">
        <input type="hidden" name="intent" value="seller" />
        <Message result={result} section="seller:" />
        <div className="grid gap-3 sm:grid-cols-2">
          {SELLER_TEXT_FIELDS.map(([name, label, hint]) => (
            <div key={name}>
              <label htmlFor={`seller-${name}`} className="block text-sm font-medium">
                {label}
              </label>
              <input
                id={`seller-${name}`}
                name={name}
                type={name.endsWith('Email') ? 'email' : 'text'}
                defaultValue={seller[name] ?? ''}
                placeholder={hint}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? `seller-${name}-error` : undefined}
                className="w-full rounded border border-gray-300 px-2 py-1"
              />
              {errors[name] ? (
                <p id={`seller-${name}-error`} className="text-sm text-red-700">
                  {errors[name]}
                </p>
              ) : null}
            </div>
          ))}
          <div>
            <label htmlFor="seller-vatStatus" className="block text-sm font-medium">
              VAT status
            </label>
            <select id="seller-vatStatus" name="vatStatus" defaultValue={seller.vatStatus ?? 'VAT'} className="rounded border border-gray-300 px-2 py-1">
              <option value="VAT">VAT registered</option>
              <option value="NON_VAT">Non-VAT registered</option>
            </select>
            {errors.vatStatus ? <p className="text-sm text-red-700">{errors.vatStatus}</p> : null}
          </div>
        </div>
        <button type="submit" className="btn-primary">
          Save seller details
        </button>
      </Form>
    </Section>
  );
}

function ZoneForm({ zone, result }: { zone: StaffShippingZone; result: Result }) {
  const section = `zone:${zone.id}`;
  const errors = result?.section === section ? fieldMessages(result.errors) : {};
  const rows = [...(zone.rates ?? []).map((r) => ({ maxWeight: String(r.maxWeight ?? ''), price: String(r.price?.amount ?? '') })), { maxWeight: '', price: '' }, { maxWeight: '', price: '' }];
  const prefix = `zone-${(zone.id ?? '').replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <Form method="post" className="space-y-2 border-t border-gray-200 pt-3" aria-label={`Shipping zone ${zone.name}`}>
      <input type="hidden" name="intent" value="zone" />
      <input type="hidden" name="id" value={zone.id ?? ''} />
      <h3 className="font-semibold">{zone.name}</h3>
      <Message result={result} section={section} />
      <NumberField id={`${prefix}-extra`} name="extraPerKgPrice" label="Price per extra kg (₱)" value={zone.extraPerKgPrice?.amount} error={errors.extraPerKgPrice} />
      <table className="text-sm">
        <caption className="text-left font-medium">Rates (leave both cells empty to remove a row)</caption>
        <thead>
          <tr>
            <th scope="col" className="pr-2 text-left">Up to (kg)</th>
            <th scope="col" className="text-left">Price (₱)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((rate, i) => (
            <tr key={i}>
              <td className="pr-2">
                <input name="maxWeight" type="number" step="any" min="0" aria-label={`Rate ${i + 1}: up to kg`} defaultValue={rate.maxWeight} className="w-28 rounded border border-gray-300 px-2 py-1" />
              </td>
              <td>
                <input name="price" type="number" step="any" min="0" aria-label={`Rate ${i + 1}: price in pesos`} defaultValue={rate.price} className="w-32 rounded border border-gray-300 px-2 py-1" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {errors.rates ? <p className="text-sm text-red-700">{errors.rates}</p> : null}
      <button type="submit" className="btn-outline">
        Save {zone.name}
      </button>
    </Form>
  );
}

function InstallmentFactorsForm({ factors, result }: { factors: { term: number; factor: number }[]; result: Result }) {
  const error = result?.section === 'installments:' && !result.ok ? result.message : null;
  return (
    <Section id="installments-title" title="Installment factors">
      <p className="text-sm">
        The buy-now-pay-later provider&apos;s multiplier of the amount financed after the down payment, for each term: 1.0 is interest-free, 1.12 adds 12%.
      </p>
      <Form method="post" className="space-y-3" aria-label="Installment factors">
        <input type="hidden" name="intent" value="installments" />
        <div className="w-full">
          <Message result={result} section="installments:" />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {factors.map((f) => (
            <div key={f.term}>
              <label htmlFor={`factor-${f.term}`} className="block text-sm font-medium">
                {f.term} {f.term === 1 ? 'month' : 'months'}
              </label>
              <input
                id={`factor-${f.term}`}
                name={`factor-${f.term}`}
                type="number"
                inputMode="decimal"
                step="0.0001"
                min="1"
                max="3"
                required
                defaultValue={f.factor}
                aria-invalid={error ? true : undefined}
                className="w-24 rounded border border-gray-300 px-2 py-1"
              />
            </div>
          ))}
        </div>
        <button type="submit" className="btn-primary">
          Save installment factors
        </button>
      </Form>
    </Section>
  );
}

export default function StaffSettings({ loaderData }: Route.ComponentProps) {
  const { fees, zones, referral, seller, gateways, installmentFactors } = loaderData;
  const result = useActionData<typeof action>() as Result;
  const errorsOf = (section: string) => (result?.section === section ? fieldMessages(result.errors) : {});
  const feeErrors = errorsOf('fees:');
  const referralErrors = errorsOf('referral:');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      {seller ? <SellerDetailsSection seller={seller} result={result} /> : null}
      {fees ? (
        <Section id="fees-title" title="Checkout fees">
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="fees" />
            <Message result={result} section="fees:" />
            <div className="flex flex-wrap gap-4">
              <NumberField id="fee-insurance" name="insurancePercentage" label="Shipping insurance (%)" value={fees.insurancePercentage} error={feeErrors.insuranceRate} />
              <NumberField id="fee-insurance-min" name="insuranceMinimum" label="Insurance minimum (₱)" value={fees.insuranceMinimum?.amount} error={feeErrors.insuranceMinimum} />
              <NumberField id="fee-cod" name="cashOnDeliveryFeePercentage" label="Cash on delivery fee (%)" value={fees.cashOnDeliveryFeePercentage} error={feeErrors.codFeeRate} />
              <NumberField id="fee-cod-min" name="cashOnDeliveryFeeMinimum" label="Cash on delivery fee minimum (₱)" value={fees.cashOnDeliveryFeeMinimum?.amount} error={feeErrors.codFeeMinimum} />
              <NumberField id="fee-cod-max" name="cashOnDeliveryMaximumOrder" label="Cash on delivery maximum order (₱)" value={fees.cashOnDeliveryMaximumOrder?.amount} error={feeErrors.codMaximumOrder} />
              <NumberField id="fee-paypal" name="paypalTransactionFeePercentage" label="PayPal fee (%)" value={fees.paypalTransactionFeePercentage} error={feeErrors.paypalFeeRate} />
            </div>
            <button type="submit" className="btn-primary">
              Save fees
            </button>
          </Form>
        </Section>
      ) : null}
      {fees ? (
        <Section id="zones-title" title="Shipping zones">
          {zones.map((zone) => (
            <ZoneForm key={zone.id} zone={zone} result={result} />
          ))}
        </Section>
      ) : null}
      {gateways ? (
        <Section id="gateways-title" title="Payment gateways">
          <p className="text-sm">The payment window is how long an order may wait unpaid before it is cancelled and its stock returned.</p>
          <ul className="space-y-3">
            {gateways.map((g) => {
              const section = `gateway:${g.gateway}`;
              const errors = errorsOf(section);
              const id = `gw-${(g.gateway ?? '').replace(/[^a-zA-Z0-9]/g, '')}`;
              return (
                <li key={g.gateway} className="border-t border-gray-200 pt-3">
                  <Form method="post" className="flex flex-wrap items-end gap-4" aria-label={`Gateway ${g.gateway}`}>
                    <input type="hidden" name="intent" value="gateway" />
                    <input type="hidden" name="gateway" value={g.gateway ?? ''} />
                    <p className="w-full font-semibold">
                      {g.gateway}
                      {g.isImplemented ? '' : ' (not available in this shop yet)'}
                    </p>
                    <div className="w-full">
                      <Message result={result} section={section} />
                    </div>
                    <label htmlFor={`${id}-enabled`} className="flex items-center gap-1 text-sm">
                      <input id={`${id}-enabled`} name="isEnabled" type="checkbox" defaultChecked={g.isEnabled ?? undefined} />
                      Offered
                    </label>
                    <div>
                      <label htmlFor={`${id}-name`} className="block text-sm font-medium">
                        Display name
                      </label>
                      <input id={`${id}-name`} name="displayName" maxLength={60} defaultValue={g.displayName ?? undefined} className="rounded border border-gray-300 px-2 py-1" />
                    </div>
                    <NumberField
                      id={`${id}-max`}
                      name="maximumOrderAmount"
                      label={`Maximum order (₱)${g.defaults?.maximumOrderAmount ? `, default ${g.defaults?.maximumOrderAmount.amount}` : ''}`}
                      value={g.maximumOrderAmount?.amount}
                      error={errors.maximumOrderAmount}
                    />
                    {g.paymentWindowMinutes !== null ? (
                      <NumberField
                        id={`${id}-window`}
                        name="paymentWindowMinutes"
                        label={`Payment window (minutes), default ${g.defaults?.paymentWindowMinutes}`}
                        value={g.paymentWindowMinutes}
                        step="1"
                        error={errors.paymentWindowMinutes}
                      />
                    ) : null}
                    <button type="submit" className="btn-outline">
                      Save {g.gateway}
                    </button>
                  </Form>
                </li>
              );
            })}
          </ul>
        </Section>
      ) : null}
      {installmentFactors ? <InstallmentFactorsForm factors={installmentFactors} result={result} /> : null}
      {referral ? (
        <Section id="referral-title" title="Commissioner programme">
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="referral" />
            <Message result={result} section="referral:" />
            <div className="flex flex-wrap gap-4">
              <NumberField id="ref-l1" name="level1Percentage" label="Level 1 reward (%)" value={referral.level1Percentage} error={referralErrors.level1Percentage} />
              <NumberField id="ref-l2" name="level2Percentage" label="Level 2 reward (%)" value={referral.level2Percentage} error={referralErrors.level2Percentage} />
              <NumberField id="ref-hold" name="holdDays" label="Days before rewards may be claimed" value={referral.holdDays} step="1" error={referralErrors.holdDays} />
              <NumberField id="ref-tax" name="payoutTaxPercentage" label="Payout withholding tax (%)" value={referral.payoutTaxPercentage} error={referralErrors.payoutTaxPercentage} />
            </div>
            <p className="text-sm text-gray-600">
              Expanded withholding tax on commissions paid to individuals: 10% when the commissioner has given no sworn declaration of gross income, 5% with one (set it
              as their own rate on the payouts screen).
            </p>
            <button type="submit" className="btn-primary">
              Save programme rates
            </button>
          </Form>
        </Section>
      ) : null}
    </div>
  );
}
