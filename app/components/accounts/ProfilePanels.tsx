// The profile page, /account/profile (docs/product/accounts.md#account-screens): the user card and the panels that edit the
// profile, password and bank details, each in its own modal, plus the verify-email panel.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatOrderDate } from '../../../common/orders/order-display';
import type { Profile } from '../../graphql/accounts-profile';
import { AccountDialog } from './AccountDialog';
import { PushNotificationsToggle } from './PushNotificationsToggle';

type ModalName = 'profile' | 'email' | 'password' | 'bank' | 'picture';

// The cropper and the edit forms load when their dialog opens: the account page's first load
// stays within budget.
const ProfilePictureForm = lazy(() => import('./ProfilePictureForm').then((m) => ({ default: m.ProfilePictureForm })));
const EditProfileForm = lazy(() => import('./ProfileForms').then((m) => ({ default: m.EditProfileForm })));
const ChangeEmailForm = lazy(() => import('./ProfileForms').then((m) => ({ default: m.ChangeEmailForm })));
const ChangePasswordForm = lazy(() => import('./ProfileForms').then((m) => ({ default: m.ChangePasswordForm })));
const BankDetailsForm = lazy(() => import('./ProfileForms').then((m) => ({ default: m.BankDetailsForm })));

const loading = <p className="mt-4 text-sm text-gray-700">Loading…</p>;

export function ProfileSection({
  profile,
  push = null,
  Heading = 'h2',
}: {
  profile: Profile;
  /** The section's title is the page's own heading on /account/profile. */
  Heading?: 'h1' | 'h2';
  /** Web Push: the shop's public key and this user's registered endpoints (the device toggle). */
  push?: { publicKey: string; endpoints: string[] } | null;
}) {
  const [modal, setModal] = useState<ModalName | null>(null);
  const close = (open: boolean) => !open && setModal(null);
  const fullName = [profile.firstName, profile.middleName, profile.lastName].filter(Boolean).join(' ');

  return (
    <section aria-labelledby="profile-heading" className="rounded-lg border border-gray-200 p-5">
      <Heading id="profile-heading" className="text-xl font-bold">Profile</Heading>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
        <ProfileAvatar profile={profile} />
        <div className="min-w-0">
          <p className="text-lg font-semibold">{fullName || profile.email}</p>
          <p className="break-all text-gray-700">{profile.email}</p>
          <VerificationStatus verified={profile.isVerified} className="mt-1 text-sm" />
          <p className="mt-1 text-sm text-gray-700">
            Member since {formatOrderDate(profile.dateJoined)}
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
        <Suspense fallback={loading}><EditProfileForm profile={profile} /></Suspense>
      </AccountDialog>
      <AccountDialog open={modal === 'picture'} onOpenChange={close} title="Profile Picture" description="Choose an image; it is cropped to a square.">
        {modal === 'picture' ? (
          <Suspense fallback={loading}>
            <ProfilePictureForm />
          </Suspense>
        ) : null}
      </AccountDialog>
      <AccountDialog open={modal === 'email'} onOpenChange={close} title="Change Email" description="We will send a verification code to the new address.">
        <Suspense fallback={loading}><ChangeEmailForm current={profile.email} /></Suspense>
      </AccountDialog>
      <AccountDialog open={modal === 'password'} onOpenChange={close} title="Change Password" description="Enter your current password and a new one.">
        <Suspense fallback={loading}><ChangePasswordForm /></Suspense>
      </AccountDialog>
      <AccountDialog open={modal === 'bank'} onOpenChange={close} title="Bank Details" description="Where your payouts are sent.">
        <Suspense fallback={loading}><BankDetailsForm profile={profile} /></Suspense>
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

/** The user's picture, or their initials on the brand colour (96 px; 56 px on the overview). */
/** 'Verified', or 'Not Verified' with the way to verify. */
export function VerificationStatus({ verified, className }: { verified: boolean; className: string }) {
  return (
    <p className={className}>
      {verified ? (
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
  );
}

export function ProfileAvatar({ profile, small = false }: { profile: Profile; small?: boolean }) {
  const size = small ? 56 : 96;
  const box = small ? 'h-14 w-14 text-lg' : 'h-24 w-24 text-2xl';
  if (profile.profilePicture) {
    return (
      <img
        src={profile.profilePicture.url}
        alt="Profile picture"
        width={size}
        height={size}
        className={`${box} shrink-0 rounded-full object-cover`}
      />
    );
  }
  const initials = `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase() || '?';
  return (
    <div aria-hidden="true" className={`${box} flex shrink-0 items-center justify-center rounded-full bg-secondary-light font-bold text-secondary-dark`}>
      {initials}
    </div>
  );
}
