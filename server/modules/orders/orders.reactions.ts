// What orders answer for the modules below them (docs/decisions/046-one-way-modules.md).
import {
  findPaymentOrder,
  findPaymentOrderByReferenceKey,
  findVisiblePaymentOrder,
  heldPaymentNotCapturedEmail as heldPaymentNotCapturedEmailPort,
  lockPaymentOrder,
  paymentRefundedEmail as paymentRefundedEmailPort,
} from '../payments/payments.events';
import { answerPort } from '../system/domain-events';
import { heldPaymentNotCapturedEmail, paymentRefundedEmail } from './order-emails';
import { findOrderById, findOrderByReferenceKey, findVisibleOrder, lockOrder } from './orders.service';

// The order a payment belongs to, for payments (which stands below orders).
answerPort(findPaymentOrder, findOrderById);
answerPort(lockPaymentOrder, lockOrder);
answerPort(findVisiblePaymentOrder, findVisibleOrder);
answerPort(findPaymentOrderByReferenceKey, findOrderByReferenceKey);
answerPort(paymentRefundedEmailPort, paymentRefundedEmail);
answerPort(heldPaymentNotCapturedEmailPort, heldPaymentNotCapturedEmail);
