// What placing an order tells the modules that stand on checkout (docs/decisions/046-one-way-modules.md):
// raised inside the placing transaction, handled in their `*.reactions.ts`.
import type { ServiceContext } from '../../graphql/context';
import { domainEvent } from '../system/domain-events';

/** An order was placed, with where it was placed from (the context's client IP and device). */
export const orderPlaced = domainEvent<{ id: number; userId: number }, Pick<ServiceContext, 'db' | 'clientIp' | 'deviceId'>>('checkout.orderPlaced');
