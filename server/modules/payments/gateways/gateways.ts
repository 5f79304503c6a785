// The implemented gateways, in the storefront's priority order (gateway-rules.ts). A gateway
// is offered only when it is in this list.
import type { PaymentGateway } from './gateway';
import { fourGivesGateway } from './4gives/4gives.gateway';
import { alipayGateway } from './alipay/alipay.gateway';
import { atomeGateway } from './atome/atome.gateway';
import { aubCashierGateway } from './aub-cashier/aub-cashier.gateway';
import { bankDepositGateway } from './bank-deposit/bank-deposit.gateway';
import { bdoOnlineBankingGateway } from './bdo-online-banking/bdo-online-banking.gateway';
import { billEaseGateway } from './billease/billease.gateway';
import { cashOnDeliveryGateway } from './cash-on-delivery/cash-on-delivery.gateway';
import { paymayaOnDemandGateway } from './paymaya-on-demand/paymaya-on-demand.gateway';
import { paymayaVaultGateway } from './paymaya-vault/paymaya-vault.gateway';
import { gcashGateway } from './gcash/gcash.gateway';
import { grabPayGateway } from './grabpay/grabpay.gateway';
import { ipay88Gateway } from './ipay88/ipay88.gateway';
import { paymayaAppGateway } from './paymaya-app/paymaya-app.gateway';
import { paymayaCheckoutGateway } from './paymaya-checkout/paymaya-checkout.gateway';
import { paypalCheckoutGateway } from './paypal-checkout/paypal-checkout.gateway';
import { swiftPayGateway } from './swiftpay/swiftpay.gateway';
import { tendoPayGateway } from './tendopay/tendopay.gateway';
import { weChatPayGateway } from './wechat-pay/wechat-pay.gateway';
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
