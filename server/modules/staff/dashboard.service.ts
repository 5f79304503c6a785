// The back office's first page: the order figures and the variants running low, for staff
// with MANAGE_ORDERS. (Pending payouts and flagged referral purchases: payoutRequestCounts, referralFlags.)
import type { ServiceContext } from '../../graphql/context';
import { lowStockVariants, type LowStockVariant } from '../catalogue/catalogue-stock.service';
import { orderStats, type OrderStats } from '../orders/order-stats.service';
import { latePaymentsToRefund } from '../payments/refunds/late-payment-refunds.service';
import { requirePermission } from '../system/staff-access.service';

export const LOW_STOCK_THRESHOLD = 5;
const LOW_STOCK_SHOWN = 10;

export type StaffDashboard = OrderStats & { lowStock: LowStockVariant[]; lowStockThreshold: number; latePaymentsToRefund: number };

export async function staffDashboard(ctx: ServiceContext, now: Date = new Date()): Promise<StaffDashboard> {
  await requirePermission(ctx, 'MANAGE_ORDERS');
  const [stats, lowStock, late] = await Promise.all([
    orderStats(ctx, now),
    lowStockVariants(ctx, LOW_STOCK_THRESHOLD, LOW_STOCK_SHOWN),
    latePaymentsToRefund(ctx),
  ]);
  return { ...stats, lowStock, lowStockThreshold: LOW_STOCK_THRESHOLD, latePaymentsToRefund: late };
}
