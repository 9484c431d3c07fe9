import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A dialog's Cancel and its action. The action is a submit button of the
 * dialog's form unless `onAction` is given; while `pending` it is disabled
 * and spins (docs/admin.md#states: saving is pending while the request runs).
 */
export function DialogFooter({
  action,
  pending,
  onAction,
  icon,
  danger = false,
}: {
  action: string;
  pending: boolean;
  onAction?: () => void;
  /** Shown before the label when not pending. */
  icon?: ReactNode;
  danger?: boolean;
}) {
  return (
    <div className="adm-dialog__footer">
      <Dialog.Close asChild>
        <button type="button" className="adm-button adm-button--secondary">
          Cancel
        </button>
      </Dialog.Close>
      <button
        type={onAction ? 'button' : 'submit'}
        className={`adm-button ${danger ? 'adm-button--danger' : 'adm-button--primary'}`}
        disabled={pending}
        onClick={onAction}
      >
        {pending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : icon}
        {action}
      </button>
    </div>
  );
}
