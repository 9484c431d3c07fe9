import * as Dialog from '@radix-ui/react-dialog';
import { Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { DialogFooter } from '../pages/DialogFooter';
import { ModalDialog } from '../pages/ModalDialog';

/**
 * docs/campaigns.md#google-ads-templates Generate Campaigns: a description of the service for the
 * AI (trimmed; empty uses the template's own description).
 */
export function GenerateCampaignsDialog({
  open,
  serviceName,
  onClose,
  onGenerate,
}: {
  open: boolean;
  serviceName: string;
  onClose: () => void;
  onGenerate: (serviceDescription: string) => void;
}) {
  const id = useId();
  const [description, setDescription] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onGenerate(description.trim());
  };
  return (
    <ModalDialog open={open} onOpenChange={(next) => !next && onClose()} className="adm-dialog adm-dialog--narrow" title="Generate Campaigns">
      <form className="adm-dialog__body adm-form" onSubmit={submit}>
        <Dialog.Description className="adm-dialog__text">
          The AI writes one to three Google Search campaigns for {serviceName}, within Google&apos;s limits: 30-character headlines and
          90-character descriptions.
        </Dialog.Description>
        <div className="adm-field">
          <label htmlFor={`${id}-description`} className="adm-label">
            Service description
          </label>
          <textarea
            id={`${id}-description`}
            className="adm-input adm-textarea"
            rows={5}
            maxLength={2000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="Who the service is for, what it treats, what makes this clinic's offer stand out. Leave empty to use the template's description."
          />
        </div>
        <DialogFooter action="Generate" pending={false} icon={<Sparkles size={16} aria-hidden />} />
      </form>
    </ModalDialog>
  );
}
