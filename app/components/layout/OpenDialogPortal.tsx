// A Radix dialog's portal, rendered only while the dialog is open.
//
// Radix's Presence, which Dialog.Portal wraps around the overlay and the content, dispatches an
// update from a layout effect when it mounts, even closed. During the hydration's commit that is
// a synchronous update: React renders it at once and flushes every pending effect of the page in
// the same task. With the storefront's six or seven closed dialogs on every page, the hydration's
// commit grew into one long task that Lighthouse counts as blocking (bench/README.md change 161).
// None of the shop's dialogs animates its closing, which is the only thing a closed Presence
// waits for, so leaving the portal out while closed changes nothing a shopper sees.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export function OpenDialogPortal({ open, children }: { open: boolean; children: ReactNode }) {
  return open ? <Dialog.Portal>{children}</Dialog.Portal> : null;
}
