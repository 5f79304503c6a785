import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { PageInfo } from '../../graphql/catalogue';

export type MorePage<T> = { items: T[]; pageInfo: PageInfo };

/**
 * A list that a fetcher extends page by page (Load More under the grid, Show More in the
 * sidebar): each answer's `key` list is appended without repeats.
 */
export function useMoreList<T extends { id: string }>(initial: MorePage<T>, key: 'products' | 'list') {
  const fetcher = useFetcher<Partial<Record<typeof key, MorePage<T>>>>();
  const [list, setList] = useState(initial);
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    const page = fetcher.data?.[key];
    if (page) {
      setList((current) => ({
        items: [...current.items, ...page.items.filter((p) => !current.items.some((c) => c.id === p.id))],
        pageInfo: page.pageInfo,
      }));
    }
  }
  return { ...list, fetcher };
}
