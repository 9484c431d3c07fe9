import { routes, SECTION_LABELS, type TemplateClinic, type TemplatePush } from '@hap/contracts';
import { useMutation, useQueries } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../lib/api';
import { ModalDialog } from '../../pages/ModalDialog';
import { diffQuery } from './rollout-query';
import { diffSummary, pushLabel, valueLines } from './rollout-words';

type Choices = Record<string, Record<string, 'clinic' | 'template'>>;

/**
 * Before a push (docs/template-rollout.md#push): each chosen clinic's result, read from its diff,
 * and each conflict with the side it takes (the clinic's unless chosen otherwise); then the push.
 */
export function PushDialog({
  templateId,
  version,
  clinics,
  onClose,
  onPushed,
}: {
  templateId: number;
  version: number;
  clinics: readonly TemplateClinic[];
  onClose: () => void;
  onPushed: (push: TemplatePush) => void;
}) {
  const diffs = useQueries({ queries: clinics.map((c) => diffQuery(templateId, c.clientServiceId, version)) });
  const [choices, setChoices] = useState<Choices>({});
  const push = useMutation({
    mutationFn: () => api.call(routes.createTemplatePush, { params: { id: templateId }, body: { version, clientIds: clinics.map((c) => c.clientId), choices } }),
    onSuccess: onPushed,
  });
  const choose = (clientId: number, key: string, side: 'clinic' | 'template') =>
    setChoices((all) => ({ ...all, [clientId]: { ...all[clientId], [key]: side } }));
  const loading = diffs.some((d) => d.isPending);

  return (
    <ModalDialog open onOpenChange={(open) => !open && onClose()} aria-describedby="tro-push-intro" title={`Push version ${version}`}>
      <div className="adm-dialog__body tro-push">
        <p id="tro-push-intro" className="adm-muted">
          Each clinic receives the template's changes and keeps its own. Where both changed the same thing, the clinic's is kept unless you choose the template's.
        </p>
        <ul className="tro-push__clinics">
          {clinics.map((clinic, i) => {
            const diff = diffs[i];
            const name = clinic.clinicName ?? `Clinic ${clinic.clientId}`;
            return (
              <li key={clinic.clientServiceId} className="tro-push__clinic">
                <h3 className="tro-push__name">{name}</h3>
                {diff?.isPending ? (
                  <p className="adm-muted">Reading what changes…</p>
                ) : diff?.isError ? (
                  <p role="alert">{diff.error.message}</p>
                ) : diff?.data ? (
                  <>
                    <p className="adm-muted">{diffSummary(diff.data.changes)}</p>
                    {diff.data.problems.map((problem) => (
                      <p key={problem} role="alert" className="tro-push__problem">
                        Left as it is: {problem}
                      </p>
                    ))}
                    {diff.data.changes
                      .filter((c) => c.conflict)
                      .map((conflict) => {
                        const side = choices[clinic.clientId]?.[conflict.key] ?? 'clinic';
                        const group = `tro-choice-${clinic.clientId}-${conflict.key}`;
                        return (
                          <fieldset key={conflict.key} className="tro-push__conflict">
                            <legend>
                              Conflict: {SECTION_LABELS[conflict.section]}
                              {conflict.itemId ? ` (${conflict.label})` : ''}
                            </legend>
                            <label>
                              <input type="radio" name={group} checked={side === 'clinic'} onChange={() => choose(clinic.clientId, conflict.key, 'clinic')} />
                              Keep the clinic's: {valueLines(conflict.clinic).title}
                            </label>
                            <label>
                              <input type="radio" name={group} checked={side === 'template'} onChange={() => choose(clinic.clientId, conflict.key, 'template')} />
                              Use the template's: {valueLines(conflict.template).title}
                            </label>
                          </fieldset>
                        );
                      })}
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
      <div className="adm-dialog__footer">
        {push.isError && (
          <p className="frm-summary" role="alert">
            {push.error.message}
          </p>
        )}
        <Dialog.Close asChild>
          <button type="button" className="adm-button adm-button--secondary">
            Cancel
          </button>
        </Dialog.Close>
        <button type="button" className="adm-button adm-button--primary" disabled={loading || push.isPending} onClick={() => push.mutate()}>
          {push.isPending && <LoaderCircle size={16} aria-hidden className="adm-spin" />}
          {pushLabel(version, clinics.length)}
        </button>
      </div>
    </ModalDialog>
  );
}
