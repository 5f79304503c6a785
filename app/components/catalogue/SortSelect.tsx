import { useNavigate, useSearchParams } from 'react-router';
import { SORT_OPTIONS } from './shop-url';

/**
 * The listing order, kept in the address (?sort=). A plain GET form, so it works before
 * JavaScript (its button shows then); with it, choosing an order navigates at once.
 */
export function SortSelect({ pathname, searching }: { pathname: string; searching: boolean }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const kept = ['brand', 'query', 'minPrice', 'maxPrice'].filter((k) => params.get(k));
  return (
    <form method="get" action={pathname} className="flex min-w-0 flex-1 items-center gap-2 md:flex-none">
      {kept.map((k) => (
        <input key={k} type="hidden" name={k} value={params.get(k) ?? ''} />
      ))}
      <label htmlFor="sort" className="sr-only text-sm font-semibold whitespace-nowrap sm:not-sr-only">
        Sort by
      </label>
      <select
        id="sort"
        name="sort"
        value={params.get('sort') ?? ''}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          // A new order starts the list again.
          next.delete('more');
          next.delete('after');
          if (e.target.value) next.set('sort', e.target.value);
          else next.delete('sort');
          const search = next.toString();
          void navigate({ search: search ? `?${search}` : '' }, { preventScrollReset: true });
        }}
        className="w-full min-w-0 rounded-md border border-gray-300 bg-white px-2 py-2 text-sm md:w-auto"
      >
        <option value="">{searching ? 'Best Match' : 'Featured'}</option>
        {SORT_OPTIONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn-outline">
          Sort
        </button>
      </noscript>
    </form>
  );
}
