// The profile's edit forms (Edit Profile, Change Email, Change Password, Bank Details), loaded
// when one of their dialogs opens (ProfilePanels.tsx) so the account page's first load stays
// within the first-load JavaScript budget (bench/js-budget.ts). Each marks its invalid fields beside the rulebook's first message.
import { BANKS } from '../../../common/validation/bank';
import { DEFAULT_SEX } from '../../../common/validation/account';
import { FORM_SCHEMAS } from '../../lib/form-schemas';
import type { Profile } from '../../graphql/accounts-profile';
import { FormMessage, SelectField, TextField } from './FormControls';
import { PROFILE_ACTION, useIntentForm } from './useIntentForm';

/** The rulebook has one message for every profile field; each marked field also says what it needs. */
const PROFILE_FIELD_HINTS: Record<string, string> = {
  firstName: 'Enter your first name',
  middleName: 'Enter your middle name',
  lastName: 'Enter your last name',
  birthday: 'Enter your birthday (not a future date)',
  sex: 'Choose Male or Female',
};

export function EditProfileForm({ profile }: { profile: Profile }) {
  const { fetcher, onSubmit, busy, message, fields } = useIntentForm(FORM_SCHEMAS.profile, 'profile', PROFILE_FIELD_HINTS);
  return (
    <fetcher.Form method="post" action={PROFILE_ACTION} noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
      <input type="hidden" name="intent" value="profile" />
      <TextField label="First Name" name="firstName" id="profile-first-name" defaultValue={profile.firstName} autoComplete="given-name" error={fields.firstName} />
      <TextField label="Middle Name" name="middleName" id="profile-middle-name" defaultValue={profile.middleName ?? ''} autoComplete="additional-name" error={fields.middleName} />
      <TextField label="Last Name" name="lastName" id="profile-last-name" defaultValue={profile.lastName} autoComplete="family-name" error={fields.lastName} />
      <TextField label="Birthday" name="birthday" id="profile-birthday" type="date" defaultValue={profile.birthday ?? ''} autoComplete="bday" error={fields.birthday} />
      <SelectField
        label="Sex"
        name="sex"
        id="profile-sex"
        defaultValue={profile.sex ?? DEFAULT_SEX}
        error={fields.sex}
        options={[
          { value: 'M', label: 'Male' },
          { value: 'F', label: 'Female' },
        ]}
      />
      <FormMessage message={message} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>Save</button>
    </fetcher.Form>
  );
}

export function ChangeEmailForm({ current }: { current: string }) {
  const { fetcher, onSubmit, busy, message, fields } = useIntentForm(FORM_SCHEMAS.email, 'email');
  return (
    <fetcher.Form method="post" action={PROFILE_ACTION} noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
      <input type="hidden" name="intent" value="email" />
      <p className="text-sm text-gray-700">
        Current email: <strong className="break-all">{current}</strong>
      </p>
      <TextField label="New Email" name="email" id="email-new" type="email" autoComplete="email" error={fields.email} />
      <TextField label="Current Password" name="password" id="email-password" type="password" autoComplete="current-password" hint="Needed to confirm it is you." error={fields.password} />
      <FormMessage message={message} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>Change Email</button>
    </fetcher.Form>
  );
}

export function ChangePasswordForm() {
  const { fetcher, onSubmit, busy, message, fields } = useIntentForm(FORM_SCHEMAS.password, 'password');
  return (
    <fetcher.Form method="post" action={PROFILE_ACTION} noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
      <input type="hidden" name="intent" value="password" />
      <TextField label="Current Password" name="oldPassword" id="password-old" type="password" autoComplete="current-password" error={fields.oldPassword} />
      <TextField label="New Password" name="newPassword" id="password-new" type="password" autoComplete="new-password" error={fields.newPassword} />
      <TextField label="Confirm Password" name="confirmPassword" id="password-confirm" type="password" autoComplete="new-password" error={fields.confirmPassword} />
      <FormMessage message={message} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>Update Password</button>
    </fetcher.Form>
  );
}

export function BankDetailsForm({ profile }: { profile: Profile }) {
  const { fetcher, onSubmit, busy, message, fields } = useIntentForm(FORM_SCHEMAS.bank, 'bank');
  return (
    <fetcher.Form method="post" action={PROFILE_ACTION} noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
      <input type="hidden" name="intent" value="bank" />
      <SelectField
        label="Bank"
        name="bankName"
        id="bank-code"
        defaultValue={profile.bank?.code ?? ''}
        placeholder="Select a bank"
        error={fields.bankName}
        options={BANKS.map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }))}
      />
      <TextField label="Account Name" name="accountName" id="bank-account-name" defaultValue={profile.bank?.accountName ?? ''} autoComplete="name" error={fields.accountName} />
      <TextField
        label="Account Number"
        name="accountNumber"
        id="bank-account-number"
        defaultValue={profile.bank?.accountNumber ?? ''}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        error={fields.accountNumber}
      />
      <FormMessage message={message} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>Save</button>
    </fetcher.Form>
  );
}
