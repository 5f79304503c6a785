// Opening the order list or an order's details marks the unread ones read (readOrders), which
// clears the red dot on Account once the loaders revalidate.
import { useEffect } from 'react';
import { useFetcher } from 'react-router';

export function useReadOrders(orders: readonly { id: string; isRead: boolean }[]) {
  const fetcher = useFetcher({ key: 'read-orders' });
  const unread = orders
    .filter((o) => !o.isRead)
    .map((o) => o.id)
    .join(',');
  useEffect(() => {
    if (!unread) return;
    void fetcher.submit({ intent: 'read', ids: unread }, { method: 'post', action: '/account/orders' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per set of unread orders
  }, [unread]);
}
