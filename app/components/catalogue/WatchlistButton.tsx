// ADD TO WATCHLIST / REMOVE FROM WATCHLIST on the product page: a form posting to the product
// route's action (it works without JavaScript); with JavaScript a fetcher shows the new state
// at once. Visitors are asked to sign up or log in, as ADD TO CART does.
import { useState } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { fillPending } from '../../lib/personal-fill';
import { LoginLink } from '../accounts/LoginLink';
import { WATCHLIST_TEXT, type WatchlistActionResult, type WatchlistIntent } from '../watchlist/watchlist-messages';

type Props = {
  productId: string;
  isInWatchlist: boolean;
  signedIn: boolean;
};

export function WatchlistButton({ productId, isInWatchlist, signedIn }: Props) {
  const fetcher = useFetcher<WatchlistActionResult>();
  // Without JavaScript the form posts as a page navigation: its answer is the route's action data.
  const actionData = useActionData<WatchlistActionResult | undefined>();
  const [askLogin, setAskLogin] = useState(false);
  const result = fetcher.data ?? actionData;
  const pending = fetcher.formData?.get('intent') as WatchlistIntent | undefined;
  const watched = pending ? pending === 'addToWatchlist' : isInWatchlist;
  const showLogin = askLogin || result?.reason === 'login';
  const problem = !showLogin && result && !result.ok && result.intent === 'addToWatchlist' ? result.message : null;

  return (
    <div className="space-y-2">
      <fetcher.Form
        method="post"
        onSubmit={(event) => {
          // Before a signed-in shopper's fill lands the page still says visitor (ADR 055): the
          // action, which sees the session, answers 'login' itself if there is none.
          if (signedIn || fillPending()) return;
          event.preventDefault();
          setAskLogin(true);
        }}
      >
        <input type="hidden" name="intent" value={watched ? 'removeFromWatchlist' : 'addToWatchlist'} />
        <input type="hidden" name="productId" value={productId} />
        <button type="submit" className="btn-outline w-full sm:w-auto" disabled={fetcher.state !== 'idle'}>
          {watched ? WATCHLIST_TEXT.remove : WATCHLIST_TEXT.add}
        </button>
      </fetcher.Form>
      <div role="alert" className="text-sm">
        {showLogin ? (
          <p className="text-red-700">
            {WATCHLIST_TEXT.login}{' '}
            <LoginLink />
          </p>
        ) : problem ? (
          <p className="text-red-700">{problem}</p>
        ) : null}
      </div>
    </div>
  );
}
