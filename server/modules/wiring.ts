// The fifth registry (docs/architecture.md): every module's reactions to the events of the
// modules below it, and its answers to their ports (docs/decisions/046-one-way-modules.md).
// Loaded by every entry point that runs services: the API schema, the jobs, the seed, and the
// test set-up. A module with a `*.reactions.ts` adds it here.
import './orders/orders.reactions';
import './payments/refunds/late-payment-refunds.reactions';
import './referrals/referrals.reactions';
import './reviews/reviews.reactions';
import './tires/tires.reactions';
import './watchlist/watchlist.reactions';
import './compliance/compliance.reactions';
import { markModulesWired } from './system/domain-events';

markModulesWired();
