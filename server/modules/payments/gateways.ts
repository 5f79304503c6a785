// The implemented gateways, in the storefront's priority order (gateway-rules.ts). A gateway
// is offered only when it is in this list.
import type { PaymentGateway } from './gateway';
import { fourGivesGateway } from './gateways/4gives/4gives.gateway';
import { alipayGateway } from './gateways/alipay/alipay.gateway';
import { atomeGateway } from './gateways/atome/atome.gateway';
import { aubCashierGateway } from './gateways/aub-cashier/aub-cashier.gateway';
import { bankDepositGateway } from './gateways/bank-deposit/bank-deposit.gateway';
import { bdoOnlineBankingGateway } from './gateways/bdo-online-banking/bdo-online-banking.gateway';
import { billEaseGateway } from './gateways/billease/billease.gateway';
import { cashOnDeliveryGateway } from './gateways/cash-on-delivery/cash-on-delivery.gateway';
import { paymayaOnDemandGateway } from './gateways/paymaya-on-demand/paymaya-on-demand.gateway';
import { paymayaVaultGateway } from './gateways/paymaya-vault/paymaya-vault.gateway';
import { gcashGateway } from './gateways/gcash/gcash.gateway';
import { grabPayGateway } from './gateways/grabpay/grabpay.gateway';
import { ipay88Gateway } from './gateways/ipay88/ipay88.gateway';
import { paymayaAppGateway } from './gateways/paymaya-app/paymaya-app.gateway';
import { paymayaCheckoutGateway } from './gateways/paymaya-checkout/paymaya-checkout.gateway';
import { paypalCheckoutGateway } from './gateways/paypal-checkout/paypal-checkout.gateway';
import { swiftPayGateway } from './gateways/swiftpay/swiftpay.gateway';
import { tendoPayGateway } from './gateways/tendopay/tendopay.gateway';
import { weChatPayGateway } from './gateways/wechat-pay/wechat-pay.gateway';
import { SPEC_GATEWAYS } from './gateway-rules';

const IMPLEMENTED: readonly PaymentGateway[] = [
  paymayaVaultGateway,
  paymayaOnDemandGateway,
  paymayaCheckoutGateway,
  paymayaAppGateway,
  paypalCheckoutGateway,
  gcashGateway,
  grabPayGateway,
  alipayGateway,
  weChatPayGateway,
  bdoOnlineBankingGateway,
  aubCashierGateway,
  swiftPayGateway,
  ipay88Gateway,
  billEaseGateway,
  tendoPayGateway,
  atomeGateway,
  fourGivesGateway,
  bankDepositGateway,
  cashOnDeliveryGateway,
];

const rank = (g: PaymentGateway) => SPEC_GATEWAYS.findIndex((s) => s.id === g.info.id);

export const GATEWAYS: readonly PaymentGateway[] = [...IMPLEMENTED].sort((a, b) => rank(a) - rank(b));

export function findGateway(id: string): PaymentGateway | undefined {
  return GATEWAYS.find((g) => g.info.id.toLowerCase() === id.trim().toLowerCase());
}
