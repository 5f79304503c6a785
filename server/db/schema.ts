// The Drizzle schema registry: every module's tables, for typed queries and drizzle-kit.
import * as accounts from '../modules/accounts/accounts.tables';
import * as catalogue from '../modules/catalogue/catalogue.tables';
import * as checkout from '../modules/checkout/checkout.tables';
import * as content from '../modules/content/content.tables';
import * as notifications from '../modules/notifications/notifications.tables';
import * as orders from '../modules/orders/orders.tables';
import * as payments from '../modules/payments/payments.tables';
import * as savedCards from '../modules/payments/saved-cards.tables';
import * as reviews from '../modules/reviews/reviews.tables';
import * as tires from '../modules/tires/tires.tables';
import * as watchlist from '../modules/watchlist/watchlist.tables';
import * as push from '../modules/push/push.tables';
import * as referrals from '../modules/referrals/referrals.tables';
import * as system from '../modules/system/system.tables';
import * as staff from '../modules/system/staff-access.tables';
import * as sellerDetails from '../modules/system/seller-details.tables';
import * as storage from '../storage/storage.tables';
import * as consent from '../modules/compliance/consent.tables';
import * as privacy from '../modules/compliance/privacy.tables';

export const schema = { ...system, ...accounts, ...catalogue, ...content, ...tires, ...reviews, ...checkout, ...orders, ...payments, ...savedCards, ...notifications, ...watchlist, ...push, ...referrals, ...staff, ...sellerDetails, ...storage, ...consent, ...privacy };
export type Schema = typeof schema;
