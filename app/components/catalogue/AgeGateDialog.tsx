import * as Dialog from '@radix-ui/react-dialog';
import { OpenDialogPortal } from '../layout/OpenDialogPortal';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AGE_GATE_TEXT } from '../../../common/catalogue/product-rules';

/** For spirits: Yes closes the dialog, No goes back in history. */
export function AgeGateDialog() {
  const [open, setOpen] = useState(true);
  const navigate = useNavigate();
  return (
    <Dialog.Root open={open}>
      <OpenDialogPortal open={open}>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[90vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
        >
          <Dialog.Title className="text-lg font-bold">Age verification</Dialog.Title>
          <Dialog.Description className="mt-2 text-gray-700">{AGE_GATE_TEXT}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" className="btn-outline" onClick={() => navigate(-1)}>
              No
            </button>
            <button type="button" className="btn-primary" onClick={() => setOpen(false)}>
              Yes
            </button>
          </div>
        </Dialog.Content>
      </OpenDialogPortal>
    </Dialog.Root>
  );
}
