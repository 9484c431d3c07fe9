import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A confirmation in the row it acts on (docs/admin.md#staff, the portal users): the question, Keep,
 * and the danger button, which spins and is disabled while the action runs.
 */
export function InlineConfirm({
  label,
  text,
  confirm,
  pending,
  onKeep,
  onConfirm,
}: {
  /** The group's accessible name, the question in short. */
  label: string;
  text: ReactNode;
  /** The danger button's words. */
  confirm: string;
  pending: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="stf-confirm" role="group" aria-label={label}>
      <span className="stf-confirm__text">{text}</span>
      <button type="button" className="adm-button adm-button--secondary" onClick={onKeep}>
        Keep
      </button>
      <button type="button" className="adm-button adm-button--danger" disabled={pending} onClick={onConfirm}>
        {pending && <LoaderCircle size={16} aria-hidden className="adm-spin" />}
        {confirm}
      </button>
    </div>
  );
}
