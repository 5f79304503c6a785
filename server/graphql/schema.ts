// Assembles the public API: every module's schema file, then the built schema.
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder';
import '../modules/wiring';
import './types/errors';
import './types/money';
import '../modules/accounts/accounts.schema';
import '../modules/accounts/sign-up.schema';
import '../modules/accounts/profile.schema';
import '../modules/accounts/addresses.schema';
import '../modules/accounts/places.schema';
import '../modules/catalogue/catalogue.schema';
import '../modules/catalogue/catalogue-products.schema';
import '../modules/catalogue/catalogue-queries.schema';
import '../modules/content/content.schema';
import '../modules/content/content-staff.schema';
import '../modules/tires/tires.schema';
import '../modules/reviews/reviews.schema';
import '../modules/payments/payments.schema';
import '../modules/payments/saved-cards/saved-cards.schema';
import '../modules/orders/orders.schema';
import '../modules/orders/pay-now.schema';
import '../modules/checkout/shipping.schema';
import '../modules/checkout/checkout.schema';
import '../modules/checkout/checkout-lines.schema';
import '../modules/checkout/checkout-delivery.schema';
import '../modules/checkout/checkout-payment.schema';
import '../modules/checkout/checkout-staff.schema';
import '../modules/checkout/voucher-staff.schema';
import '../modules/checkout/re-order.schema';
import '../modules/payments/gateways/gateway-settings.schema';
import '../modules/payments/gateways/installment-factors.schema';
import '../modules/referrals/referral-settings.schema';
import '../modules/system/seller-details.schema';
import '../modules/compliance/privacy.schema';
import '../modules/watchlist/watchlist.schema';
import '../modules/push/push.schema';
import '../modules/referrals/referrals.schema';
import '../modules/referrals/payouts-staff.schema';
import '../modules/referrals/referral-flags.schema';
import '../modules/referrals/commissioner-tax.schema';
import '../modules/compliance/withholding.schema';
import '../modules/compliance/sales-invoices.schema';
import '../modules/orders/order-staff.schema';
import '../modules/staff/staff.schema';
import '../modules/staff/staff-members.schema';
import '../modules/catalogue/catalogue-staff.schema';
import '../modules/catalogue/catalogue-staff-products.schema';
import '../modules/catalogue/catalogue-staff-media.schema';
import '../modules/catalogue/catalogue-staff-taxonomy.schema';

export const schema = builder.toSchema({ sortSchema: false });

/** The contract committed as schema.graphql. */
export function printContract(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
