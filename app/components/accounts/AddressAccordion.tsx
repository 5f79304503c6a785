// The address accordion of the profile (docs/product/accounts.md#addresses): Shipping and Billing address forms
// with every rule of docs/product/accounts.md#addresses. Province and city are selects from the API's PSGC lists
// (cities of the chosen province); the barangay field suggests the city's barangays.
// Billing's 'Same as Shipping' copies the shipping fields and disables its own.
import * as Accordion from '@radix-ui/react-accordion';
import { useEffect, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { ADDRESS_FIELD_HINTS, ADDRESS_MESSAGES, addressFieldErrors, nationalPhone, PHONE_PREFIX, sameAddress } from '../../../common/validation/address';
import { validate } from '../../../common/validation/issues';
import { FORM_SCHEMAS } from '../../lib/form-schemas';
import type { Place, ProfileAddress } from '../../graphql/accounts-profile';
import type { PlacesData } from '../../routes/places';
import { FieldError, FormMessage, invalidProps, SelectField, TextField } from './FormControls';
import { PROFILE_ACTION, useIntentForm } from './useIntentForm';

type AddressType = 'SHIPPING' | 'BILLING';

/** The form's fields; phone holds what is typed after the fixed +63 (any way people write it). */
export type AddressDraft = {
  firstName: string;
  lastName: string;
  companyName: string;
  streetAddress1: string;
  streetAddress2: string;
  countryArea: string;
  city: string;
  cityArea: string;
  postalCode: string;
  phone: string;
};

export function toDraft(address: ProfileAddress | null): AddressDraft {
  return {
    firstName: address?.firstName ?? '',
    lastName: address?.lastName ?? '',
    companyName: address?.companyName ?? '',
    streetAddress1: address?.streetAddress1 ?? '',
    streetAddress2: address?.streetAddress2 ?? '',
    countryArea: address?.countryArea ?? '',
    city: address?.city ?? '',
    cityArea: address?.cityArea ?? '',
    postalCode: address?.postalCode ?? '',
    phone: nationalPhone(address?.phone ?? ''),
  };
}

type AccordionProps = {
  shipping: ProfileAddress | null;
  billing: ProfileAddress | null;
  provinces: Place[];
};

export function AddressAccordion({ shipping, billing, provinces, Heading = 'h2' }: AccordionProps & { Heading?: 'h1' | 'h2' }) {
  const [shippingDraft, setShippingDraft] = useState(() => toDraft(shipping));
  // Pre-checked when both saved addresses are equal, ignoring id, country and default flags.
  const initiallySame = Boolean(shipping && billing && sameAddress(toDraft(shipping), toDraft(billing)));
  const [sameAsShipping, setSameAsShipping] = useState(initiallySame);

  return (
    <section aria-labelledby="addresses-heading" className="rounded-lg border border-gray-200 p-5">
      <Heading id="addresses-heading" className="text-xl font-bold">Addresses</Heading>
      <Accordion.Root type="multiple" defaultValue={shipping ? [] : ['SHIPPING']} className="mt-3 divide-y divide-gray-200">
        <AddressItem value="SHIPPING" title="Shipping Address" summary={shipping}>
          <AddressForm
            type="SHIPPING"
            id={shipping?.id ?? null}
            provinces={provinces}
            draft={shippingDraft}
            onDraftChange={setShippingDraft}
          />
        </AddressItem>
        <AddressItem value="BILLING" title="Billing Address" summary={billing}>
          <BillingForm
            billing={billing}
            provinces={provinces}
            shippingDraft={shippingDraft}
            sameAsShipping={sameAsShipping}
            onSameAsShippingChange={setSameAsShipping}
          />
        </AddressItem>
      </Accordion.Root>
    </section>
  );
}

function AddressItem({
  value,
  title,
  summary,
  children,
}: {
  value: AddressType;
  title: string;
  summary: ProfileAddress | null;
  children: React.ReactNode;
}) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Header>
        <Accordion.Trigger className="group flex w-full items-center justify-between gap-3 py-3 text-left">
          <span>
            <span className="block font-semibold">{title}</span>
            <span className="block text-sm text-gray-700">
              {summary
                ? [summary.streetAddress1, summary.cityArea, summary.city, summary.countryArea].join(', ')
                : 'No address yet'}
            </span>
          </span>
          <span aria-hidden="true" className="transition-transform group-data-[state=open]:rotate-180">▾</span>
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="pb-4">{children}</Accordion.Content>
    </Accordion.Item>
  );
}

function BillingForm({
  billing,
  provinces,
  shippingDraft,
  sameAsShipping,
  onSameAsShippingChange,
}: {
  billing: ProfileAddress | null;
  provinces: Place[];
  shippingDraft: AddressDraft;
  sameAsShipping: boolean;
  onSameAsShippingChange: (same: boolean) => void;
}) {
  const [billingDraft, setBillingDraft] = useState(() => toDraft(billing));
  return (
    <>
      <div className="mb-3 flex items-center gap-2">
        <input
          id="billing-same-as-shipping"
          type="checkbox"
          checked={sameAsShipping}
          onChange={(e) => onSameAsShippingChange(e.target.checked)}
          className="h-4 w-4 accent-secondary"
        />
        <label htmlFor="billing-same-as-shipping" className="text-sm font-medium">Same as Shipping</label>
      </div>
      <AddressForm
        type="BILLING"
        id={billing?.id ?? null}
        provinces={provinces}
        draft={sameAsShipping ? shippingDraft : billingDraft}
        onDraftChange={setBillingDraft}
        locked={sameAsShipping}
      />
    </>
  );
}

type FormProps = {
  type: AddressType;
  id: string | null;
  provinces: Place[];
  draft: AddressDraft;
  onDraftChange: (draft: AddressDraft) => void;
  /** Same as Shipping: the fields show the shipping values and cannot be edited. */
  locked?: boolean;
};

function AddressForm({ type, id, provinces, draft, onDraftChange, locked = false }: FormProps) {
  const { fetcher, busy, message, setClientError, fields: serverFields } = useIntentForm(FORM_SCHEMAS.address, `address-${type}`, ADDRESS_FIELD_HINTS);
  const [clientFields, setFieldErrors] = useState<Record<string, string>>({});
  // The form's own check marks fields before posting; a refusal from the API marks its field too.
  const fieldErrors = Object.keys(clientFields).length ? clientFields : serverFields;
  const cities = useFetcher<PlacesData>({ key: `cities-${type}` });
  const barangays = useFetcher<PlacesData>({ key: `barangays-${type}` });
  const prefix = type.toLowerCase();
  const set = (field: keyof AddressDraft, value: string) => onDraftChange({ ...draft, [field]: value });

  // The saved (or copied) province and city need their lists once; later choices load them.
  const { countryArea, city } = draft;
  useEffect(() => {
    if (countryArea && !locked) void cities.load(`/places?province=${encodeURIComponent(countryArea)}`);
    // Only the saved values matter here; later changes load through the change handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locked]);
  useEffect(() => {
    if (countryArea && city && !locked) {
      void barangays.load(`/places?province=${encodeURIComponent(countryArea)}&city=${encodeURIComponent(city)}`);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locked]);

  const chooseProvince = (province: string) => {
    onDraftChange({ ...draft, countryArea: province, city: '', cityArea: '' });
    if (province) void cities.load(`/places?province=${encodeURIComponent(province)}`);
  };
  const chooseCity = (value: string) => {
    onDraftChange({ ...draft, city: value });
    if (value) void barangays.load(`/places?province=${encodeURIComponent(countryArea)}&city=${encodeURIComponent(value)}`);
  };

  const cityOptions = locked || !cities.data ? (city ? [{ name: city, code: city }] : []) : cities.data.places;
  const barangayOptions = locked ? [] : (barangays.data?.places ?? []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The number goes as typed: the shared rule turns 0917..., +63 917... or 917... into +63 and
    // 10 digits, and refuses the rest (prefixing +63 here once saved a cut 0917123456 as +630917123456).
    void save({ ...draft, country: 'PH' });
  };
  const save = async (values: AddressDraft & { country: string }) => {
    const check = validate(await FORM_SCHEMAS.address(), values);
    // The rulebook's first message in the alert, and every invalid field marked with what it needs.
    setFieldErrors(check.ok ? {} : addressFieldErrors(check.errors));
    if (!check.ok) return setClientError(check.errors[0]?.message ?? ADDRESS_MESSAGES.important);
    setClientError(null);
    void fetcher.submit({ intent: 'address', type, id: id ?? '', ...values }, { method: 'post', action: PROFILE_ACTION });
  };

  const field = (name: keyof AddressDraft) => ({
    id: `${prefix}-${name}`,
    name,
    value: draft[name],
    disabled: locked,
    error: fieldErrors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={type === 'SHIPPING' ? 'Shipping Address' : 'Billing Address'}>
      <TextField label="First Name" autoComplete={`${prefix} given-name`} {...field('firstName')} />
      <TextField label="Last Name" autoComplete={`${prefix} family-name`} {...field('lastName')} />
      <TextField label="Company Name (optional)" autoComplete={`${prefix} organization`} {...field('companyName')} className="sm:col-span-2" />
      <TextField label="Street Address" autoComplete={`${prefix} address-line1`} {...field('streetAddress1')} className="sm:col-span-2" />
      <TextField label="Street Address 2 (optional)" autoComplete={`${prefix} address-line2`} {...field('streetAddress2')} className="sm:col-span-2" />
      <SelectField
        label="Province"
        id={`${prefix}-countryArea`}
        name="countryArea"
        value={draft.countryArea}
        disabled={locked}
        onChange={(e) => chooseProvince(e.target.value)}
        error={fieldErrors.countryArea}
        placeholder="Select a province"
        options={(locked ? provinces.filter((p) => p.name === draft.countryArea) : provinces).map((p) => ({ value: p.name, label: p.name }))}
      />
      <SelectField
        label="City"
        id={`${prefix}-city`}
        name="city"
        value={draft.city}
        disabled={locked || !draft.countryArea}
        onChange={(e) => chooseCity(e.target.value)}
        error={fieldErrors.city}
        placeholder={cities.state === 'loading' ? 'Loading…' : 'Select a city'}
        options={cityOptions.map((c) => ({ value: c.name, label: c.name }))}
      />
      <TextField label="Barangay" list={`${prefix}-barangays`} autoComplete="off" {...field('cityArea')} />
      <datalist id={`${prefix}-barangays`}>
        {barangayOptions.map((b) => (
          <option key={b.code} value={b.name} />
        ))}
      </datalist>
      <TextField label="Postal Code" inputMode="numeric" maxLength={4} autoComplete={`${prefix} postal-code`} {...field('postalCode')} />
      <div>
        <label htmlFor={`${prefix}-phone`} className="block text-sm font-medium text-gray-800">Phone</label>
        <div className="mt-1 flex">
          <span className="inline-flex items-center rounded-l-md border border-r-0 border-gray-400 bg-gray-100 px-3 text-sm text-gray-800">
            {PHONE_PREFIX}
          </span>
          <input
            type="tel"
            inputMode="tel"
            autoComplete={`${prefix} tel-national`}
            placeholder="917 123 4567"
            id={`${prefix}-phone`}
            name="phone"
            value={draft.phone}
            disabled={locked}
            onChange={(e) => set('phone', e.target.value)}
            onBlur={(e) => set('phone', nationalPhone(e.target.value.trim()))}
            {...invalidProps(`${prefix}-phone`, fieldErrors.phone)}
            className={`block w-full rounded-r-md border px-3 py-2 text-sm focus:border-secondary focus:outline-none disabled:bg-gray-100 disabled:text-gray-600 ${fieldErrors.phone ? 'border-red-700' : 'border-gray-400'}`}
          />
        </div>
        <FieldError id={`${prefix}-phone-error`} message={fieldErrors.phone} />
      </div>
      <div className="sm:col-span-2">
        <FormMessage message={message} />
        <button type="submit" className="btn-primary mt-2 w-full sm:w-auto" disabled={busy}>
          Save {type === 'SHIPPING' ? 'Shipping' : 'Billing'} Address
        </button>
      </div>
    </form>
  );
}
