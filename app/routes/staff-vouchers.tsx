// /staff/vouchers: the shop's promo codes (MANAGE_CONTENT): create from a preset, deactivate,
// reactivate, delete an unused one. The preset is in the URL, so the form works without script.
import { data, Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/staff-vouchers';
import { SHOP_TIME_ZONE } from '../../common/manila-date';
import type { ApiFieldError } from '../../common/errors';
import { formatPeso } from '../../common/money';
import { VOUCHER_PRESETS } from '../../common/staff/voucher-presets';
import { fieldMessages } from '../../common/validation/issues';
import { StaffVouchersQuery, VoucherCreateMutation, VoucherDeleteMutation, VoucherUpdateMutation, type StaffVoucher } from '../graphql/staff-vouchers';
import { query } from '../lib/api.server';
import { requireStaff } from './staff.server';
import { suggestedVoucherCode } from './staff-vouchers.server';
import { FormResult } from '../components/staff/FormField';

export const meta: Route.MetaFunction = () => [{ title: 'Vouchers | Suki back office' }];

const DATE = new Intl.DateTimeFormat('en-PH', { timeZone: SHOP_TIME_ZONE, dateStyle: 'medium' });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_CONTENT');
  const presetId = new URL(request.url).searchParams.get('preset');
  const preset = VOUCHER_PRESETS.find((p) => p.id === presetId) ?? VOUCHER_PRESETS[0]!;
  return { vouchers: (await query(context, StaffVouchersQuery)).vouchers ?? [], preset, code: suggestedVoucherCode() };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(context, 'MANAGE_CONTENT');
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  let errors: ApiFieldError[];
  let message = 'Saved.';
  if (intent === 'create') {
    const number = (name: string) => {
      const raw = String(form.get(name) ?? '').trim();
      return raw === '' ? undefined : Number(raw);
    };
    const endDate = String(form.get('endDate') ?? '');
    const limit = number('usageLimit');
    const result = (
      await query(context, VoucherCreateMutation, {
        input: {
          code: String(form.get('code') ?? ''),
          name: String(form.get('name') ?? ''),
          type: form.get('type') === 'PERCENTAGE' ? 'PERCENTAGE' : 'FIXED',
          discountValue: number('discountValue') ?? 0,
          minimumSpend: number('minimumSpend') ?? 0,
          usageLimit: limit === undefined ? null : limit,
          applyOncePerCustomer: form.get('applyOncePerCustomer') === 'on',
          // The end of that day in Manila.
          endDate: /^\d{4}-\d{2}-\d{2}$/.test(endDate) ? new Date(`${endDate}T23:59:59+08:00`).toISOString() : null,
        },
      })
    ).voucherCreate;
    errors = result?.errors ?? [];
    message = result?.voucher ? `Promo code ${result.voucher.code} created.` : message;
  } else if (intent === 'delete') {
    errors = (await query(context, VoucherDeleteMutation, { id })).voucherDelete?.errors ?? [];
    message = 'Promo code deleted.';
  } else {
    const isActive = intent === 'activate';
    errors = (await query(context, VoucherUpdateMutation, { id, input: { isActive } })).voucherUpdate?.errors ?? [];
    message = isActive ? 'Promo code activated.' : 'Promo code deactivated.';
  }
  return data({ ok: errors.length === 0, message: errors[0]?.message ?? message, intent, errors }, { status: errors.length ? 400 : 200 });
}

function discountOf(v: StaffVoucher): string {
  return v.type === 'FIXED' ? `${formatPeso(Math.round((v.discountValue ?? 0) * 100))} off` : `${v.discountValue}% off`;
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactElement }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function StaffVouchers({ loaderData }: Route.ComponentProps) {
  const { vouchers, preset, code } = loaderData;
  const result = useActionData<typeof action>();
  const errors = result?.intent === 'create' ? fieldMessages(result.errors) : {};
  const invalid = (field: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `voucher-${field}-error` } : {});
  const input = 'rounded border border-gray-300 px-2 py-1';
  return (
    <section aria-labelledby="vouchers-title" className="space-y-6">
      <h1 id="vouchers-title" className="text-2xl font-bold">
        Vouchers
      </h1>
      <FormResult result={result} />
      <div className="space-y-3 rounded border border-gray-200 bg-white p-4">
        <h2 className="text-lg font-semibold">Create a promo code</h2>
        <nav aria-label="Presets">
          <ul className="flex flex-wrap gap-2">
            {VOUCHER_PRESETS.map((p) => (
              <li key={p.id}>
                <Link
                  to={`?preset=${p.id}`}
                  aria-current={p.id === preset.id ? 'true' : undefined}
                  preventScrollReset
                  className={`block rounded border px-3 py-1 text-sm ${p.id === preset.id ? 'border-gray-900 bg-gray-900 text-white' : 'border-gray-300'}`}
                >
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" key={preset.id} className="flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="create" />
          <Field id="voucher-code" label="Code" error={errors.code}>
            <input id="voucher-code" name="code" required maxLength={32} pattern="[A-Za-z0-9\-]{3,32}" defaultValue={code} className={`${input} uppercase`} {...invalid('code')} />
          </Field>
          <Field id="voucher-name" label="Name" error={errors.name}>
            <input id="voucher-name" name="name" required maxLength={100} defaultValue={preset.name} className={input} {...invalid('name')} />
          </Field>
          <Field id="voucher-type" label="Discount type">
            <select id="voucher-type" name="type" defaultValue={preset.type} className={input}>
              <option value="FIXED">Fixed amount (₱)</option>
              <option value="PERCENTAGE">Percentage (%)</option>
            </select>
          </Field>
          <Field id="voucher-value" label="Discount value" error={errors.value}>
            <input id="voucher-value" name="discountValue" type="number" required min="0.01" step="any" defaultValue={preset.discountValue} className={`${input} w-28`} {...invalid('value')} />
          </Field>
          <Field id="voucher-minimum" label="Minimum spend (₱)" error={errors.minimumSpend}>
            <input id="voucher-minimum" name="minimumSpend" type="number" min="0" step="any" defaultValue={preset.minimumSpend} className={`${input} w-32`} {...invalid('minimumSpend')} />
          </Field>
          <Field id="voucher-limit" label="Usage limit (empty: no limit)" error={errors.usageLimit}>
            <input id="voucher-limit" name="usageLimit" type="number" min="1" step="1" defaultValue={preset.usageLimit ?? ''} className={`${input} w-28`} {...invalid('usageLimit')} />
          </Field>
          <Field id="voucher-end" label="Last day (optional)" error={errors.endDate}>
            <input id="voucher-end" name="endDate" type="date" className={input} {...invalid('endDate')} />
          </Field>
          <label htmlFor="voucher-once" className="flex items-center gap-1 text-sm">
            <input id="voucher-once" name="applyOncePerCustomer" type="checkbox" defaultChecked={preset.applyOncePerCustomer} />
            Once per customer
          </label>
          <button type="submit" className="btn-primary">
            Create promo code
          </button>
        </Form>
      </div>
      <table className="w-full border-collapse bg-white text-left text-sm">
        <caption className="sr-only">Promo codes</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className="p-2">Code</th>
            <th scope="col" className="p-2">Name</th>
            <th scope="col" className="p-2">Discount</th>
            <th scope="col" className="p-2">Minimum spend</th>
            <th scope="col" className="p-2">Used</th>
            <th scope="col" className="p-2">Valid</th>
            <th scope="col" className="p-2">Status</th>
            <th scope="col" className="p-2">Actions</th>
          </tr>
        </thead>
        <tbody>
          {vouchers.map((v) => (
            <tr key={v.id} className="border-b border-gray-200">
              <td className="p-2 font-mono">{v.code}</td>
              <td className="p-2">{v.name}</td>
              <td className="p-2">{discountOf(v)}</td>
              <td className="p-2">{v.minimumSpend?.amount ? v.minimumSpend.localized : 'None'}</td>
              <td className="p-2">
                {v.used}
                {v.usageLimit !== null ? ` of ${v.usageLimit}` : ''}
              </td>
              <td className="p-2">
                {v.startDate ? DATE.format(new Date(v.startDate)) : ''}
                {v.endDate ? ` to ${DATE.format(new Date(v.endDate))}` : ''}
              </td>
              <td className="p-2">{v.isActive ? 'Active' : 'Inactive'}</td>
              <td className="p-2">
                <div className="flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={v.id ?? ''} />
                    <button type="submit" name="intent" value={v.isActive ? 'deactivate' : 'activate'} className="btn-outline" aria-label={`${v.isActive ? 'Deactivate' : 'Activate'} ${v.code}`}>
                      {v.isActive ? 'Deactivate' : 'Activate'}
                    </button>
                  </Form>
                  {v.used === 0 ? (
                    <Form method="post" onSubmit={(e) => void (!window.confirm(`Delete ${v.code}?`) && e.preventDefault())}>
                      <input type="hidden" name="id" value={v.id ?? ''} />
                      <button type="submit" name="intent" value="delete" className="rounded border border-red-700 px-2 py-1 text-red-700" aria-label={`Delete ${v.code}`}>
                        Delete
                      </button>
                    </Form>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {vouchers.length === 0 ? <p>No promo codes yet.</p> : null}
    </section>
  );
}
