// The profile's commissioner panel (docs/product/referrals.md#linking-a-commissioner): a Commissioner Key form until the user
// has a commissioner, then the commissioner. Refusals are the server's ('Please input a
// referral code.', 'Sorry! The referral code is not valid.').
import { FormMessage, TextField } from '../accounts/FormControls';
import { PROFILE_ACTION, useIntentForm } from '../accounts/useIntentForm';
import { FORM_SCHEMAS } from '../../lib/form-schemas';

type Props = { parent: { firstName: string; lastName: string; referralCode: string } | null };

export function CommissionerPanel({ parent }: Props) {
  const { fetcher, onSubmit, busy, message } = useIntentForm(FORM_SCHEMAS.commissioner, 'commissioner');
  return (
    <section aria-labelledby="panel-commissioner" className="rounded-lg border border-gray-200 p-5">
      <h2 id="panel-commissioner" className="text-xl font-bold">
        Commissioner
      </h2>
      {parent ? (
        <p className="mt-3 text-sm" data-testid="commissioner">
          Your commissioner: <strong>{`${parent.firstName} ${parent.lastName}`.trim() || parent.referralCode}</strong>{' '}
          <span className="font-mono">({parent.referralCode})</span>
        </p>
      ) : (
        <fetcher.Form method="post" action={PROFILE_ACTION} onSubmit={onSubmit} className="mt-3 space-y-3" noValidate>
          <input type="hidden" name="intent" value="commissioner" />
          <TextField label="Commissioner Key" name="referralCode" id="commissioner-code" autoComplete="off" />
          <button type="submit" className="btn-primary" disabled={busy}>
            Apply
          </button>
          <FormMessage message={message} />
        </fetcher.Form>
      )}
    </section>
  );
}
