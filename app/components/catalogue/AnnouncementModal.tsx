import * as Dialog from '@radix-ui/react-dialog';
import { OpenDialogPortal } from '../layout/OpenDialogPortal';
import { useState } from 'react';
import { Link } from 'react-router';
import { bannerTarget } from '../../../common/catalogue/display';
import type { GqlAnnouncement } from '../../graphql/catalogue-home';
import { useCookieConsent } from '../../lib/cookie-consent';
import { useAuthDialogs } from '../accounts/AuthDialogs';
import { ANNOUNCEMENT_SEEN_KEY as SEEN_KEY } from './announcement-seen';


/**
 * The first announcement, as an image link in a modal dialog over a dimmed page; shown once per
 * browser session. One overlay at a time (docs/decisions/019-storefront-craft.md): it waits
 * for the cookie notice to be accepted and for any auth dialog to close. A click on the dimmed
 * page, the close button or Escape dismisses it.
 */
export function AnnouncementModal({ announcement, signedIn }: { announcement: GqlAnnouncement; signedIn: boolean }) {
  // Radix portals render only after hydration, so reading sessionStorage here is safe.
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && window.sessionStorage.getItem(SEEN_KEY) !== announcement.id);
  // An auth dialog (e.g. from ?open=signup) goes first; the announcement waits until it closes.
  const { view: authView } = useAuthDialogs();
  const cookiesAccepted = useCookieConsent();
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) window.sessionStorage.setItem(SEEN_KEY, announcement.id ?? '');
  };
  const shown = open && !authView && cookiesAccepted;
  if (!announcement.image?.url) return null;
  const target = bannerTarget(announcement.modalLink, signedIn);
  const image = (
    <img
      src={announcement.image.url}
      alt={announcement.alt || announcement.name || 'Announcement'}
      width={announcement.image.width ?? 1020}
      height={announcement.image.height ?? 1020}
      className="h-auto max-h-[75vh] w-full rounded object-contain"
    />
  );
  return (
    <Dialog.Root open={shown} onOpenChange={close}>
      <OpenDialogPortal open={shown}>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" data-testid="announcement-backdrop" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-3 pt-12 shadow-2xl"
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
          <Dialog.Close
            className="absolute right-2 top-2 flex h-9 w-9 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100"
            aria-label="Close announcement"
          >
            <span aria-hidden="true">✕</span>
          </Dialog.Close>
        </Dialog.Content>
      </OpenDialogPortal>
    </Dialog.Root>
  );
}
