// The profile page's privacy rights (docs/decisions/054-privacy-rights.md): download a copy of
// one's data, and delete the account after entering the password again. Plain links and a form:
// no script beyond the router's own.
import { Form, Link, useActionData, useNavigation } from 'react-router';

export const DELETE_ACCOUNT_INTENT = 'delete-account';

export function PrivacyPanel() {
  const result = useActionData() as { intent?: string; ok?: boolean; message?: string } | undefined;
  const refused = result?.intent === DELETE_ACCOUNT_INTENT && !result.ok ? result.message : null;
  const busy = useNavigation().formData?.get('intent') === DELETE_ACCOUNT_INTENT;
  return (
    <section aria-labelledby="privacy-heading" className="rounded-lg border border-gray-200 p-5">
      <h2 id="privacy-heading" className="text-xl font-bold">
        Your data
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        Download a copy of the personal data we hold about you, or delete your account. Read how we use your data in our{' '}
        <Link to="/privacy-policy" className="text-secondary-dark underline">
          Privacy Policy
        </Link>
        .
      </p>
      <p className="mt-3">
        <a href="/account/personal-data.json" download className="btn-outline inline-block">
          Download my data
        </a>
      </p>
      <details className="mt-4" open={Boolean(refused)}>
        <summary className="cursor-pointer font-semibold text-red-700">Delete my account</summary>
        <Form method="post" className="mt-3 max-w-sm space-y-2">
          <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
          <p className="text-sm text-gray-700">
            This signs you out everywhere and erases your profile, addresses, saved cards, reviews, watchlist and cart. Orders, payments and payouts stay on
            record as the law requires. It cannot be undone.
          </p>
          <label htmlFor="delete-password" className="block text-sm font-medium">
            Password
          </label>
          <input
            id="delete-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={128}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? 'delete-account-error' : undefined}
            className="w-full rounded border border-gray-300 px-2 py-1"
          />
          {refused ? (
            <p id="delete-account-error" role="alert" className="text-sm text-red-700">
              {refused}
            </p>
          ) : null}
          <button type="submit" className="btn-primary bg-red-700" disabled={busy}>
            Delete my account
          </button>
        </Form>
      </details>
    </section>
  );
}
