import * as Dialog from '@radix-ui/react-dialog';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { DialogHeader } from './DialogHeader';

/**
 * Every modal of the admin and the portal: the overlay and the content (`adm-dialog` unless
 * `className` says otherwise), with the title and Close when `title` is given. What else the
 * content takes (`aria-describedby`, `role`) goes through as it is.
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  className = 'adm-dialog',
  children,
  ...content
}: Omit<ComponentPropsWithoutRef<typeof Dialog.Content>, 'title'> & { open: boolean; onOpenChange: (open: boolean) => void; title?: string; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-overlay" />
        <Dialog.Content className={className} {...content}>
          {title !== undefined && <DialogHeader title={title} />}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
