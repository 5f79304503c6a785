// What orders answer for the modules below them (docs/decisions/046-one-way-modules.md).
import { unitsSoldByProduct as unitsSoldPort } from '../catalogue/catalogue.events';
import { answerPort } from '../system/domain-events';
import { unitsSoldByProduct } from './orders.service';

answerPort(unitsSoldPort, unitsSoldByProduct);
