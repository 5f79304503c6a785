// A product's tire size is kept by the tires module: the catalogue's staff product form passes it on.
import { productTireSizeSet } from '../catalogue/catalogue.events';
import { onEvent } from '../system/domain-events';
import { setProductTire } from './tires.service';

onEvent(productTireSizeSet, async (tx, { productId, size }) => {
  await setProductTire(tx, productId, size);
});
