// A centred modal for the checkout's notices (failure, unverified email, missing address).
import * as Dialog from '@radix-ui/react-dialog';
import { OpenDialogPortal } from '../layout/OpenDialogPortal';
import type { ReactNode, RefObject } from 'react';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Omit to make the dialog blocking (no close button, Escape and outside clicks ignored). */
  onClose?: () => void;
  footer?: ReactNode;
  wide?: boolean;
  /**
   * Where focus goes back on close when the dialog has no Radix trigger (it was opened from a
   * link or by code): without it, focus could fall to the page's body.
   */
  returnFocus?: RefObject<HTMLElement | null>;
};

export function CheckoutDialog({ open, title, children, onClose, footer, wide, returnFocus }: Props) {
  const blocking = !onClose;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (!next ? onClose?.() : undefined)}>
      <OpenDialogPortal open={open}>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl ${wide ? 'max-w-3xl' : 'max-w-md'}`}
          onEscapeKeyDown={blocking ? (e) => e.preventDefault() : undefined}
          onPointerDownOutside={blocking ? (e) => e.preventDefault() : undefined}
          onInteractOutside={blocking ? (e) => e.preventDefault() : undefined}
          onCloseAutoFocus={
            returnFocus
              ? (e) => {
                  e.preventDefault();
                  returnFocus.current?.focus();
                }
              : undefined
          }
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
            {blocking ? null : (
              <Dialog.Close className="rounded p-1 text-gray-700" aria-label="Close">
                ✕
              </Dialog.Close>
            )}
          </div>
          <Dialog.Description asChild>
            <div className="mt-3 text-gray-800">{children}</div>
          </Dialog.Description>
          {footer ? <div className="mt-5 flex flex-wrap justify-end gap-2">{footer}</div> : null}
        </Dialog.Content>
      </OpenDialogPortal>
    </Dialog.Root>
  );
}
