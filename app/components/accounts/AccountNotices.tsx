// Notices any page can show for the account: 'Verify your email' for signed-in unverified
// users (not on /verify or /checkout), and 'Commissioner Failed to Link' when a sign-up's
// Commissioner Key could not be linked (its text arrives in the query string).
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Viewer } from '../../graphql/viewer';
import { AccountDialog } from './AccountDialog';
import { verifyHref } from './return-links';

/** The query parameter that carries the referral-link response after sign-up. */
export const COMMISSIONER_RESPONSE_PARAM = 'commissioner_response';

export function AccountNotices({ viewer }: { viewer: Viewer | null }) {
  const location = useLocation();
  const [params] = useSearchParams();
  // Closing a notice hides it until the next full page load.
  const [verifyDismissed, setVerifyDismissed] = useState(false);
  const [commissionerDismissed, setCommissionerDismissed] = useState<string | null>(null);

  const onExemptPage = /^\/(verify|checkout)(\/|$)/.test(location.pathname);
  const commissionerResponse = params.get(COMMISSIONER_RESPONSE_PARAM);
  const showCommissioner = Boolean(commissionerResponse) && commissionerDismissed !== commissionerResponse;
  // The sign-up's own outcome first; the verify prompt follows once it is closed.
  const showVerify = Boolean(viewer && !viewer.isVerified && !onExemptPage && !verifyDismissed && !showCommissioner);

  return (
    <>
      <AccountDialog
        open={showCommissioner}
        onOpenChange={(open) => !open && setCommissionerDismissed(commissionerResponse)}
        title="Commissioner Failed to Link"
        description={`${commissionerResponse ?? ''}.`}
        showDescription
      />
      <AccountDialog
        open={showVerify}
        onOpenChange={(open) => !open && setVerifyDismissed(true)}
        title="Verify your email"
        description={`We sent a verification code to ${viewer?.email ?? 'your email'}. Please verify your email address to continue.`}
        showDescription
      >
        <Link to={verifyHref(location)} className="btn-primary mt-5 w-full" onClick={() => setVerifyDismissed(true)}>
          Verify Email Address
        </Link>
      </AccountDialog>
    </>
  );
}
