// The implemented gateways, in the storefront's priority order. A gateway is offered only when
// it is in this list; the payments issue adds the provider gateways here.
import type { PaymentGateway } from './gateway';
import { bankDepositGateway } from './gateways/bank-deposit/bank-deposit.gateway';
import { cashOnDeliveryGateway } from './gateways/cash-on-delivery/cash-on-delivery.gateway';

export const GATEWAYS: readonly PaymentGateway[] = [bankDepositGateway, cashOnDeliveryGateway];

export function findGateway(id: string): PaymentGateway | undefined {
  return GATEWAYS.find((g) => g.info.id.toLowerCase() === id.trim().toLowerCase());
}
