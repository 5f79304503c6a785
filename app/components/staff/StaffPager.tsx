// Cursor paging under a back-office table: the current filters stay in the address, and the
// cursor replaces the page (?after= / ?before=).
import { Link } from 'react-router';

type PageInfo = { hasPreviousPage: boolean; hasNextPage: boolean; startCursor?: string | null; endCursor?: string | null };

/** The address of another page: these filters (empty values left out) and one cursor. */
export function staffPageLink(filters: Record<string, string | null | undefined>, cursor: { after?: string | null; before?: string | null }): string {
  const next = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) next.set(key, value);
  if (cursor.after) next.set('after', cursor.after);
  if (cursor.before) next.set('before', cursor.before);
  return `?${next.toString()}`;
}

export function StaffPager({
  pageInfo,
  filters,
  labels = { previous: 'Previous', next: 'Next' },
}: {
  pageInfo: PageInfo | null | undefined;
  filters: Record<string, string | null | undefined>;
  labels?: { previous: string; next: string };
}) {
  return (
    <nav aria-label="Pages" className="flex gap-4">
      {pageInfo?.hasPreviousPage ? (
        <Link to={staffPageLink(filters, { before: pageInfo.startCursor })} className="btn-outline">
          {labels.previous}
        </Link>
      ) : null}
      {pageInfo?.hasNextPage ? (
        <Link to={staffPageLink(filters, { after: pageInfo.endCursor })} className="btn-outline">
          {labels.next}
        </Link>
      ) : null}
    </nav>
  );
}
