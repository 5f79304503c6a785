// The Profile part of /account (spec 1 "Account"): the user card and the panels that edit the
// profile, password and bank details, each in its own modal, plus the verify-email panel.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BANKS, bankDetailsSchema } from '../../../common/validation/bank';
import { DEFAULT_SEX, emailChangeFormSchema, passwordChangeFormSchema, profileSchema } from '../../../common/validation/account';
import type { Profile } from '../../graphql/accounts-profile';
import { AccountDialog } from './AccountDialog';
import { FormMessage, SelectField, TextField } from './FormControls';
import { PushNotificationsToggle } from './PushNotificationsToggle';
import { PROFILE_ACTION, useIntentForm } from './useIntentForm';

type ModalName = 'profile' | 'email' | 'password' | 'bank' | 'picture';

// The cropper loads when its dialog opens: the account page's first load stays within budget.
const ProfilePictureForm = lazy(() => import('./ProfilePictureForm').then((m) => ({ default: m.ProfilePictureForm })));

const dateJoinedFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  timeZone: 'Asia/Manila',
});

export function ProfileSection({
  profile,
  push = null,
}: {
  profile: Profile;
  /** Web Push: the shop's public key and this user's registered endpoints (the device toggle). */
  push?: { publicKey: string; endpoints: string[] } | null;
}) {
  const [modal, setModal] = useState<ModalName | null>(null);
  const close = (open: boolean) => !open && setModal(null);
  const fullName = [profile.firstName, profile.middleName, profile.lastName].filter(Boolean).join(' ');

  return (
    <section aria-labelledby="profile-heading" className="rounded-lg border border-gray-200 p-5">
      <h2 id="profile-heading" className="text-xl font-bold">Profile</h2>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar profile={profile} />
        <div className="min-w-0">
          <p className="text-lg font-semibold">{fullName || profile.email}</p>
          <p className="break-all text-gray-700">{profile.email}</p>
          <p className="mt-1 text-sm">
            {profile.isVerified ? (
              <span className="font-medium text-green-800">Verified</span>
            ) : (
              <>
                <span className="font-medium text-red-800">Not Verified</span>{' '}
                <Link to="/verify" className="font-semibold text-secondary-dark underline">
                  Verify
                </Link>
              </>
            )}
          </p>
          <p className="mt-1 text-sm text-gray-700">
            Member since {dateJoinedFormat.format(new Date(profile.dateJoined))}
            {profile.referralCode ? <> · Commissioner Key <strong>{profile.referralCode}</strong></> : null}
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Detail label="Birthday">{profile.birthday ?? 'Not set'}</Detail>
        <Detail label="Sex">{profile.sex === 'F' ? 'Female' : profile.sex === 'M' ? 'Male' : 'Not set'}</Detail>
        <Detail label="Bank">
          {profile.bank ? `${profile.bank.name} · ${profile.bank.accountName} · ${profile.bank.accountNumber}` : 'Not set'}
        </Detail>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn-outline" onClick={() => setModal('profile')}>Edit Profile</button>
        <button type="button" className="btn-outline" onClick={() => setModal('picture')}>Profile Picture</button>
        <button type="button" className="btn-outline" onClick={() => setModal('email')}>Change Email</button>
        <button type="button" className="btn-outline" onClick={() => setModal('password')}>Change Password</button>
        <button type="button" className="btn-outline" onClick={() => setModal('bank')}>Bank Details</button>
      </div>
      {push ? <PushNotificationsToggle publicKey={push.publicKey} endpoints={push.endpoints} /> : null}

      <AccountDialog open={modal === 'profile'} onOpenChange={close} title="Edit Profile" description="Update your name, birthday and sex.">
        <EditProfileForm profile={profile} />
      </AccountDialog>
      <AccountDialog open={modal === 'picture'} onOpenChange={close} title="Profile Picture" description="Choose an image; it is cropped to a square.">
        {modal === 'picture' ? (
          <Suspense fallback={<p className="mt-4 text-sm text-gray-700">Loading…</p>}>
            <ProfilePictureForm />
          </Suspense>
        ) : null}
      </AccountDialog>
      <AccountDialog open={modal === 'email'} onOpenChange={close} title="Change Email" description="We will send a verification code to the new address.">
        <ChangeEmailForm current={profile.email} />
      </AccountDialog>
      <AccountDialog open={modal === 'password'} onOpenChange={close} title="Change Password" description="Enter your current password and a new one.">
        <ChangePasswordForm />
      </AccountDialog>
      <AccountDialog open={modal === 'bank'} onOpenChange={close} title="Bank Details" description="Where your payouts are sent.">
        <BankDetailsForm profile={profile} />
      </AccountDialog>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-gray-700">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function Avatar({ profile }: { profile: Profile }) {
  if (profile.profilePicture) {
    return (
      <img
        src={profile.profilePicture.url}
        alt="Profile picture"
        width={96}
        height={96}
        className="h-24 w-24 shrink-0 rounded-full object-cover"
      />
    );
  }
  const initials = `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase() || '?';
  return (
    <div aria-hidden="true" className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-secondary-light text-2xl font-bold text-secondary-dark">
      {initials}
    </div>
  );
}

/** The spec has one message for every profile field; each marked field also says what it needs. */
const PROFILE_FIELD_HINTS: Record<string, string> = {
  firstName: 'Enter your first name',
  middleName: 'Enter your middle name',
  lastName: 'Enter your last name',
  birthday: 'Enter your birthday (not a future date)',
  sex: 'Choose Male or Female',
};

function EditProfileForm({ profile }: { profile: Profile }) {
  const { fetcher, onSubmit, busy, message, fields } = useIntentForm(profileSchema, 'profile', PROFILE_FIELD_HINTS);
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

function ChangeEmailForm({ current }: { current: string }) {
  const { fetcher, onSubmit, busy, message, fields } = useIntentForm(emailChangeFormSchema, 'email');
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

function ChangePasswordForm() {
  const { fetcher, onSubmit, busy, message, fields } = useIntentForm(passwordChangeFormSchema, 'password');
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

function BankDetailsForm({ profile }: { profile: Profile }) {
  const { fetcher, onSubmit, busy, message, fields } = useIntentForm(bankDetailsSchema, 'bank');
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
