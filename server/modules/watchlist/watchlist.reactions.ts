// What the watchlist does when the catalogue restocks (docs/decisions/015-watchlist.md): marks the
// watchers' rows in the restock's transaction, and sends the alerts once it has committed.
import { productsBackInStock, restockCommitted } from '../catalogue/catalogue.events';
import { onEvent } from '../system/domain-events';
import { markBackInStock, sendBackInStockAlerts } from './watchlist.service';

onEvent(productsBackInStock, (tx, { productIds }) => markBackInStock(tx, productIds));
onEvent(restockCommitted, async (ctx) => {
  await sendBackInStockAlerts(ctx);
});
