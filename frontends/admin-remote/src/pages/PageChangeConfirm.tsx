import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import './page-change.css';

/**
 * Before a change that moves or takes down a page an ad may point to (a new slug or
 * path, a deactivation): what the API says about who uses the page (its clinics and
 * running Google Ads campaigns), and the choice to go on or not. Focus moves to it.
 */
export function PageChangeConfirm({
  id,
  message,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
}: {
  id: string;
  message: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} id={id} className="page-change" role="alertdialog" aria-labelledby={`${id}-message`} tabIndex={-1}>
      <p id={`${id}-message`}>{message}</p>
      <div className="page-change__actions">
        <button type="button" className="adm-button adm-button--secondary" onClick={onCancel} disabled={pending}>
          Go back
        </button>
        <button type="button" className="adm-button adm-button--primary" onClick={onConfirm} disabled={pending}>
          {pending && <LoaderCircle size={16} aria-hidden className="adm-spin" />}
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}

/** When the impact could not be read: say so, and that the old address keeps working. */
export const impactUnknown = (path: string, reason: string) =>
  `It could not be checked who uses /${path} (${reason}). After the change the old address answers with a permanent redirect (301) to the new one.`;
