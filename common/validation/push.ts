// The profile's "Order notifications on this device" toggle (docs/decisions/014-web-push.md):
// its label, without zod for the page; what it posts is checked by push-schema.ts.

export const PUSH_TOGGLE_LABEL = 'Order notifications on this device';
