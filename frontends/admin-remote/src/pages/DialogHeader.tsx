import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

/** A dialog's title (its accessible name) and its Close button. */
export function DialogHeader({ title }: { title: string }) {
  return (
    <div className="adm-dialog__header">
      <Dialog.Title className="adm-dialog__title">{title}</Dialog.Title>
      <Dialog.Close className="adm-icon-button" aria-label="Close">
        <X size={20} aria-hidden />
      </Dialog.Close>
    </div>
  );
}
