// The profile's "Order notifications on this device" toggle: what it posts to the /account
// action (docs/decisions/014-web-push.md). The server checks the subscription itself.
import { z } from 'zod';

export const PUSH_TOGGLE_LABEL = 'Order notifications on this device';

export const pushToggleSchema = z.object({
  enabled: z.enum(['on', 'off']),
  /** JSON.stringify(PushSubscription): endpoint and keys. */
  registrationId: z.string().trim().min(1, 'Something went wrong.').max(4096, 'Something went wrong.'),
});
