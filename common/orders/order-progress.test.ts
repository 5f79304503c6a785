import { describe, expect, it } from 'vitest';
import { orderProgress } from './order-progress';

const placed = '2026-11-20T02:00:00Z';
const confirmed = '2026-11-21T03:00:00Z';
const fulfilled = '2026-11-22T04:00:00Z';

describe('orderProgress', () => {
  it('a placed order: Placed is where it stands, Order Confirmed and Fulfilled are ahead without dates', () => {
    expect(orderProgress({ status: 'UNFULFILLED', created: placed }, [{ status: 'UNFULFILLED', created: placed }])).toEqual([
      { label: 'Placed', at: placed, state: 'current', tone: 'progress' },
      { label: 'Order Confirmed', at: null, state: 'upcoming', tone: 'progress' },
      { label: 'Fulfilled', at: null, state: 'upcoming', tone: 'progress' },
    ]);
  });

  it('a fulfilled order: every step done with the date of its status', () => {
    const logs = [
      { status: 'UNFULFILLED' as const, created: placed },
      { status: 'UNFULFILLED_ORDER_CONFIRMED' as const, created: confirmed },
      { status: 'FULFILLED' as const, created: fulfilled },
    ];
    expect(orderProgress({ status: 'FULFILLED', created: placed }, logs).map((s) => [s.label, s.at, s.state])).toEqual([
      ['Placed', placed, 'done'],
      ['Order Confirmed', confirmed, 'done'],
      ['Fulfilled', fulfilled, 'current'],
    ]);
  });

  it('after a denied cancellation the order is back on its way, with the date it came back', () => {
    const back = '2026-11-21T09:00:00Z';
    const logs = [
      { status: 'UNFULFILLED' as const, created: placed },
      { status: 'PENDING_FOR_CANCELLATION' as const, created: confirmed },
      { status: 'UNFULFILLED' as const, created: back },
    ];
    const steps = orderProgress({ status: 'UNFULFILLED', created: placed }, logs);
    expect(steps[0]).toEqual({ label: 'Placed', at: placed, state: 'current', tone: 'progress' });
    expect(steps).toHaveLength(3);
  });

  it('a cancelled, rejected or paused order shows the steps it reached, then where it stands', () => {
    const cancelled = orderProgress({ status: 'CANCELED', created: placed }, [
      { status: 'UNFULFILLED', created: placed },
      { status: 'PENDING_FOR_CANCELLATION', created: confirmed },
      { status: 'CANCELED', created: fulfilled },
    ]);
    expect(cancelled).toEqual([
      { label: 'Placed', at: placed, state: 'done', tone: 'progress' },
      { label: 'Canceled', at: fulfilled, state: 'current', tone: 'stopped' },
    ]);
    const rejected = orderProgress({ status: 'REJECTED', created: placed }, [
      { status: 'UNFULFILLED', created: placed },
      { status: 'UNFULFILLED_ORDER_CONFIRMED', created: confirmed },
      { status: 'REJECTED', created: fulfilled },
    ]);
    expect(rejected.map((s) => [s.label, s.state, s.tone])).toEqual([
      ['Placed', 'done', 'progress'],
      ['Order Confirmed', 'done', 'progress'],
      ['Rejected', 'current', 'stopped'],
    ]);
    const pending = orderProgress({ status: 'PENDING_FOR_CANCELLATION', created: placed }, []);
    expect(pending).toEqual([
      { label: 'Placed', at: placed, state: 'done', tone: 'progress' },
      { label: 'Pending for Cancellation', at: null, state: 'current', tone: 'attention' },
    ]);
  });
});
