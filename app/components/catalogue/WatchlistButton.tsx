/**
 * ADD TO WATCHLIST / REMOVE FROM WATCHLIST. The watchlist issue wires it: pass `onToggle`
 * (e.g. a fetcher posting addToWatchlist(productId) / removeFromWatchlist(watchlistId)) and
 * `busy`; until then the button renders disabled, reflecting product.isInWatchlist.
 */
export function WatchlistButton({
  isInWatchlist,
  onToggle,
  busy = false,
}: {
  isInWatchlist: boolean;
  onToggle?: () => void;
  busy?: boolean;
}) {
  return (
    <button type="button" className="btn-outline" onClick={onToggle} disabled={!onToggle || busy} aria-pressed={isInWatchlist}>
      {isInWatchlist ? 'REMOVE FROM WATCHLIST' : 'ADD TO WATCHLIST'}
    </button>
  );
}
