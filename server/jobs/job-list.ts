// Every kind of durable job the shop runs: the runner works these queues.
import { nightlyBackupJob } from '../backups/nightly-backup';
import '../modules/wiring';
import { embeddedVacuumJob } from '../maintenance/embedded-database';
import { foldUnitsSoldJob } from '../modules/catalogue/units-sold.service';
import { deliverEmailJob } from '../modules/notifications/email-delivery.service';
import { expireUnpaidOrderJob, remindUnpaidOrderJob } from '../modules/orders/payment-expiry.service';
import { refundLatePaymentJob } from '../modules/payments/refunds/late-payment-refunds.service';
import { settleRefundJob } from '../modules/payments/refunds/refund-at-provider.service';
import { settleProviderStepJob } from '../modules/payments/paying/provider-steps.service';
import { retryPushJob } from '../modules/push/push-retry.service';
import type { JobDefinition } from './jobs';
import { deliverWebhookJob } from './webhook-delivery';

export const ALL_JOBS: readonly JobDefinition<never>[] = [
  deliverEmailJob,
  retryPushJob,
  deliverWebhookJob,
  expireUnpaidOrderJob,
  remindUnpaidOrderJob,
  refundLatePaymentJob,
  settleRefundJob,
  settleProviderStepJob,
  nightlyBackupJob,
  foldUnitsSoldJob,
  embeddedVacuumJob,
];
