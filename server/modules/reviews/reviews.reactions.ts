// What reviews answer for the modules below them (docs/decisions/046-one-way-modules.md).
import { productPageRating } from '../catalogue/catalogue.events';
import { answerPort } from '../system/domain-events';
import { productPageRatingRead } from './reviews.service';

answerPort(productPageRating, () => productPageRatingRead);
