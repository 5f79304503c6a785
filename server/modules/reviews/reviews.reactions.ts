// What reviews answer for the modules below them (docs/decisions/046-one-way-modules.md).
import { productPageRating, ratingsByProduct as ratingsPort } from '../catalogue/catalogue.events';
import { answerPort } from '../system/domain-events';
import { productPageRatingRead, ratingsByProduct } from './reviews.service';

answerPort(ratingsPort, ratingsByProduct);
answerPort(productPageRating, () => productPageRatingRead);
