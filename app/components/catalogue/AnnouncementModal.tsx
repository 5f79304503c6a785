import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link } from 'react-router';
import { bannerTarget } from '../../../common/catalogue/display';
import type { GqlAnnouncement } from '../../graphql/catalogue-home';
import { useAuthDialogs } from '../accounts/AuthDialogs';

const SEEN_KEY = 'announcement_seen';

/**
 * The first announcement, as an image link in a dialog; shown once per browser session.
 * Non-modal on purpose: it never blocks the shop (search, menu, cookie notice stay usable),
 * and a click anywhere outside or Escape dismisses it.
 */
export function AnnouncementModal({ announcement, signedIn }: { announcement: GqlAnnouncement; signedIn: boolean }) {
  // Radix portals render only after hydration, so reading sessionStorage here is safe.
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && window.sessionStorage.getItem(SEEN_KEY) !== announcement.id);
  // An auth dialog (e.g. from ?open=signup) goes first; the announcement waits until it closes.
  const { view: authView } = useAuthDialogs();
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) window.sessionStorage.setItem(SEEN_KEY, announcement.id);
  };
  if (!announcement.image) return null;
  const target = bannerTarget(announcement.modalLink, signedIn);
  const image = (
    <img
      src={announcement.image.url}
      alt={announcement.alt || announcement.name || 'Announcement'}
      width={announcement.image.width ?? 1020}
      height={announcement.image.height ?? 1020}
      className="h-auto max-h-[80vh] w-full rounded object-contain"
    />
  );
  return (
    <Dialog.Root open={open && !authView} onOpenChange={close} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-xl -translate-x-1/2 -translate-y-1/2 rounded-lg border border-gray-200 bg-white p-3 shadow-2xl"
        >
          <Dialog.Title className="sr-only">{announcement.name || 'Announcement'}</Dialog.Title>
          {target.kind === 'external' ? (
            <a href={target.href} rel="noopener" onClick={() => close(false)}>
              {image}
            </a>
          ) : target.kind === 'internal' ? (
            <Link to={target.to} onClick={() => close(false)}>
              {image}
            </Link>
          ) : (
            image
          )}
          <Dialog.Close className="absolute -right-2 -top-2 rounded-full bg-white p-1.5 shadow" aria-label="Close announcement">
            ✕
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
