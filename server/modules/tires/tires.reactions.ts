// A product's tire size is kept by the tires module: the catalogue's staff product form passes it on.
import { productPageTire, productTireSizeSet } from '../catalogue/catalogue.events';
import { answerPort, onEvent } from '../system/domain-events';
import { productPageTireRead, setProductTire } from './tires.service';

onEvent(productTireSizeSet, async (tx, { productId, size }) => {
  await setProductTire(tx, productId, size);
});

answerPort(productPageTire, () => productPageTireRead);
