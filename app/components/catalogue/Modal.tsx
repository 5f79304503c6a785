import * as Dialog from '@radix-ui/react-dialog';
import { OpenDialogPortal } from '../layout/OpenDialogPortal';

/** A plain Radix dialog with the shop's look; used by the catalogue screens. */
export function Modal({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <OpenDialogPortal open={open}>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[92vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close className="rounded p-1 text-gray-600 hover:bg-gray-100" aria-label="Close">
              ✕
            </Dialog.Close>
          </div>
          <div className="mt-3">{children}</div>
        </Dialog.Content>
      </OpenDialogPortal>
    </Dialog.Root>
  );
}
