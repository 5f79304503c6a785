// What the profile's push toggle posts to the /account action, as a zod schema (push.ts holds
// its label without zod, for the page).
import { z } from 'zod';

export const pushToggleSchema = z.object({
  enabled: z.enum(['on', 'off']),
  /** JSON.stringify(PushSubscription): endpoint and keys. */
  registrationId: z.string().trim().min(1, 'Something went wrong.').max(4096, 'Something went wrong.'),
});
