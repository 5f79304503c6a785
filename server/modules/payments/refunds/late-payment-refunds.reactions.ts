// A payment that arrives for a closed order is refunded by a durable job, queued in the
// transaction that recorded the payment (once per payment).
import { onEvent } from '../../system/domain-events';
import { latePaymentArrived } from '../payments.events';
import { queueLatePaymentRefund } from './late-payment-refunds.service';

onEvent(latePaymentArrived, (ctx, { paymentId }) => queueLatePaymentRefund(ctx, paymentId));
