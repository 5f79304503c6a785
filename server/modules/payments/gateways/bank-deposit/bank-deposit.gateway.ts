// Bank Deposit: the customer pays into the shop's account and uploads a deposit slip; staff
// confirm it. Nothing is charged when the order is placed.
import { BANK_DEPOSIT_ACCOUNT } from '../../../../../common/checkout/gateways';
import type { PaymentGateway } from '../gateway';
import { BANK_DEPOSIT, SPEC_GATEWAYS } from '../gateway-rules';

export const bankDepositGateway: PaymentGateway = {
  info: SPEC_GATEWAYS.find((g) => g.id === BANK_DEPOSIT)!,
  afterComplete: 'ORDERS',
  payNow: null,
  // Staff confirm the deposit slip (a payment event of provider 'staff').
  captureSuccessStatus: 'CAPTURED',
  config: () => [
    { field: 'bank', value: BANK_DEPOSIT_ACCOUNT.bank },
    { field: 'accountName', value: BANK_DEPOSIT_ACCOUNT.accountName },
    { field: 'accountNumber', value: BANK_DEPOSIT_ACCOUNT.accountNumber },
  ],
  process: async () => ({
    chargeStatus: 'NOT_CHARGED',
    captureStatus: 'NOT_CAPTURED',
    redirectUrl: null,
    qrCode: null,
  }),
};
