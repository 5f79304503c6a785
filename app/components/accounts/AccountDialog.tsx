// The one dialog frame every accounts dialog uses: Radix Dialog with a title, a description
// for screen readers and a close button, so each dialog stays accessible the same way.
import * as Dialog from '@radix-ui/react-dialog';
import { OpenDialogPortal } from '../layout/OpenDialogPortal';
import type { ReactNode } from 'react';

type AccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read by screen readers; shown when `showDescription` is set. */
  description: string;
  showDescription?: boolean;
  children?: ReactNode;
  /** Dialogs that must be answered (e.g. a blocking notice) hide the close button. */
  closable?: boolean;
};

export function AccountDialog({
  open,
  onOpenChange,
  title,
  description,
  showDescription = false,
  children,
  closable = true,
}: AccountDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <OpenDialogPortal open={open}>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-2xl font-bold">{title}</Dialog.Title>
            {closable ? (
              <Dialog.Close className="-mr-2 -mt-2 rounded p-2 text-gray-600 hover:bg-gray-100" aria-label="Close">
                <span aria-hidden="true">✕</span>
              </Dialog.Close>
            ) : null}
          </div>
          <Dialog.Description className={showDescription ? 'mt-2 text-gray-700' : 'sr-only'}>
            {description}
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </OpenDialogPortal>
    </Dialog.Root>
  );
}
