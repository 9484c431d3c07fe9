import {
  canAddItem,
  canRemoveItem,
  hasStepPrefix,
  neededHint,
  routes,
  STEP_PREFIX_MESSAGE,
  SYMPTOM_DESCRIPTION_MAX,
  type ClientService,
  type CountedList,
} from '@hap/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DialogHeader } from '../../pages/DialogHeader';
import { FormField } from '../../auth/FormField';
import { api } from '../../lib/api';
import { LoadFailed } from '../../pages/LoadFailed';
import { LoadingPanel } from '../../pages/LoadingPanel';
import { Tabs } from '../../pages/Tabs';
import { useServiceTemplates } from '../../templates/templates-query';
import { useToast } from '../../toast/toaster';
import { servicesKey } from '../services-query';
import { draftOfService, draftWithTemplate, emptyDraft, fieldsOfDraft, type EditorDraft, type TitledItem } from './editor-draft';
import './editor.css';

type EditorTab = 'basic' | 'content' | 'symptoms' | 'process';
const EDITOR_TABS: ReadonlyArray<{ id: EditorTab; label: string }> = [
  { id: 'basic', label: 'Basic Settings' },
  { id: 'content', label: 'Content' },
  { id: 'symptoms', label: 'Symptoms & Benefits' },
  { id: 'process', label: 'Process & FAQs' },
];

const clientServicesKey = (clientId: number) => ['admin', 'client-services', clientId] as const;

/**
 * admin spec §2.9: the full-screen service editor, for a service (serviceId)
 * or a new one. Saving refreshes the client's service list.
 */
export function ServiceEditor({ clientId, serviceId, onClose, onSaved }: { clientId: number; serviceId?: number | null; onClose: () => void; onSaved: () => void }) {
  const services = useQuery({
    queryKey: clientServicesKey(clientId),
    queryFn: ({ signal }) => api.call(routes.listClientServices, { params: { id: clientId }, query: {} }, { signal, projection: 'admin' }),
    enabled: Boolean(serviceId),
    staleTime: 0,
  });
  const service = serviceId ? services.data?.find((s) => s.id === serviceId) : null;

  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-overlay" />
        <Dialog.Content className="adm-dialog sed-editor" aria-describedby={undefined}>
          <DialogHeader title={serviceId ? 'Edit Service' : 'Add New Service'} />
          {!serviceId ? (
            <EditorForm clientId={clientId} service={null} onClose={onClose} onSaved={onSaved} />
          ) : services.isPending ? (
            <LoadingPanel label="Loading service..." />
          ) : services.isError ? (
            <LoadFailed heading="h3" title="Failed to load this service" message={services.error.message} onRetry={() => void services.refetch()} />
          ) : service ? (
            <EditorForm key={service.id} clientId={clientId} service={service} onClose={onClose} onSaved={onSaved} />
          ) : (
            <p className="adm-dialog__body">This service no longer exists.</p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function EditorForm({ clientId, service, onClose, onSaved }: { clientId: number; service: ClientService | null; onClose: () => void; onSaved: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const templates = useServiceTemplates();
  const [tab, setTab] = useState<EditorTab>('basic');
  const [draft, setDraft] = useState<EditorDraft>(() => (service ? draftOfService(service) : emptyDraft()));
  const set = <K extends keyof EditorDraft>(key: K, value: EditorDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const template = templates.data?.find((t) => t.id === draft.templateId) ?? null;

  const save = useMutation({
    mutationFn: () => {
      const fields = fieldsOfDraft(draft);
      if (service) return api.call(routes.updateClientServiceById, { body: { id: service.id, ...fields } });
      if (draft.templateId === null) throw new Error('Template selection is required');
      return api.call(routes.createClientService, { body: { clientId, templateId: draft.templateId, isActive: true, ...fields } });
    },
    onSuccess: () => {
      toast({ title: service ? 'Service updated' : 'Service created', description: 'The service page has been saved.' });
      void queryClient.invalidateQueries({ queryKey: servicesKey(clientId) });
      void queryClient.invalidateQueries({ queryKey: clientServicesKey(clientId) });
      onSaved();
      onClose();
    },
    onError: (error) => toast({ title: 'Failed to save service', description: error.message, variant: 'destructive' }),
  });

  return (
    <form
      className="adm-dialog__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Tabs tabs={EDITOR_TABS} selected={tab} onSelect={setTab} label="Service content" idPrefix="editor" />
      <div id={`editor-panel-${tab}`} role="tabpanel" aria-labelledby={`editor-tab-${tab}`} className="adm-dialog__body sed-body">
        {tab === 'basic' && (
          <>
            {service ? (
              <div className="sed-template">
                <span className="adm-label">Template</span>
                <strong>{template?.name ?? `Template ${service.templateId}`}</strong>
                {template && <p className="sed-muted">{template.description}</p>}
              </div>
            ) : (
              <FormField id="sed-template" label="Template *">
                <select
                  id="sed-template"
                  className="adm-input"
                  value={draft.templateId ?? ''}
                  onChange={(e) => {
                    const picked = templates.data?.find((t) => String(t.id) === e.target.value);
                    setDraft((d) => (picked ? draftWithTemplate(d, picked) : { ...d, templateId: null }));
                  }}
                >
                  <option value="">{templates.isPending ? 'Loading templates...' : 'Select a template'}</option>
                  {templates.data?.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </select>
                <span className="sed-muted">Picking a template copies its symptoms, benefits, process steps, FAQs and testimonials as starting content.</span>
              </FormField>
            )}
            <TextInput id="sed-title" label="Custom Title" value={draft.customTitle} onChange={(v) => set('customTitle', v)} placeholder={template?.name} />
            <TextInput id="sed-offer" label="Custom Offer" value={draft.customOffer} onChange={(v) => set('customOffer', v)} placeholder={template?.offer ?? 'Free Consultation'} />
            <TextArea id="sed-offer-description" label="Offer Description" value={draft.customOfferDescription} onChange={(v) => set('customOfferDescription', v)} rows={2} />
            <TextArea id="sed-embed" label="Custom Form Embed Code" value={draft.formEmbedCode} onChange={(v) => set('formEmbedCode', v)} rows={3} mono />
          </>
        )}
        {tab === 'content' && (
          <>
            <TextArea id="sed-description" label="Custom Description" value={draft.customDescription} onChange={(v) => set('customDescription', v)} rows={4} placeholder={template?.description} />
            <fieldset className="sed-card">
              <legend className="sed-card__title">Testimonials</legend>
              {draft.testimonials.map((t, i) => (
                <div key={i} className="sed-item">
                  <TextArea
                    id={`sed-testimonial-${i}`}
                    label={`Testimonial ${i + 1}`}
                    value={t.text}
                    rows={2}
                    onChange={(v) => set('testimonials', draft.testimonials.map((x, j) => (j === i ? { ...x, text: v } : x)))}
                  />
                  <RemoveButton label={`Remove testimonial ${i + 1}`} onClick={() => set('testimonials', draft.testimonials.filter((_, j) => j !== i))} />
                </div>
              ))}
              <AddButton label="Add Testimonial" onClick={() => set('testimonials', [...draft.testimonials, { text: '', rating: 5, name: null }])} />
            </fieldset>
          </>
        )}
        {tab === 'symptoms' && (
          <div className="sed-columns">
            <CountedCard list="symptoms" title="Symptoms" items={draft.symptoms} onChange={(items) => set('symptoms', items)} />
            <CountedCard list="benefits" title="Benefits" items={draft.benefits} onChange={(items) => set('benefits', items)} />
          </div>
        )}
        {tab === 'process' && (
          <div className="sed-columns">
            <CountedCard list="process" title="Process Steps" items={draft.process} onChange={(items) => set('process', items)} />
            <fieldset className="sed-card">
              <legend className="sed-card__title">FAQs</legend>
              {draft.faqs.map((f, i) => (
                <div key={i} className="sed-item">
                  <TextInput id={`sed-faq-${i}-q`} label={`Question ${i + 1}`} value={f.question} onChange={(v) => set('faqs', draft.faqs.map((x, j) => (j === i ? { ...x, question: v } : x)))} />
                  <TextArea id={`sed-faq-${i}-a`} label={`Answer ${i + 1}`} value={f.answer} rows={2} onChange={(v) => set('faqs', draft.faqs.map((x, j) => (j === i ? { ...x, answer: v } : x)))} />
                  <RemoveButton label={`Remove question ${i + 1}`} onClick={() => set('faqs', draft.faqs.filter((_, j) => j !== i))} />
                </div>
              ))}
              <AddButton label="Add FAQ" onClick={() => set('faqs', [...draft.faqs, { question: '', answer: '' }])} />
            </fieldset>
          </div>
        )}
      </div>
      <div className="adm-dialog__footer">
        <button type="button" className="adm-button adm-button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="adm-button adm-button--primary" disabled={save.isPending || (!service && draft.templateId === null)}>
          {save.isPending && <LoaderCircle size={16} aria-hidden className="adm-spin" />}
          Save Service
        </button>
      </div>
    </form>
  );
}

const SINGULAR: Record<CountedList, string> = { symptoms: 'Symptom', benefits: 'Benefit', process: 'Step' };

/** A list with a required count: its hint, add while short, remove only above the count. */
function CountedCard({ list, title, items, onChange }: { list: CountedList; title: string; items: TitledItem[]; onChange: (items: TitledItem[]) => void }) {
  const hint = neededHint(list, items.length);
  const one = SINGULAR[list];
  const update = (i: number, patch: Partial<TitledItem>) => onChange(items.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <fieldset className="sed-card">
      <legend className="sed-card__title">
        {title} <span className="sed-count">{items.length}</span>
      </legend>
      {hint && (
        <p className="sed-needed" role="status">
          {hint}
        </p>
      )}
      {items.length === 0 && <p className="sed-muted">Until you add your own, the page shows the template’s {title.toLowerCase()}.</p>}
      {items.map((item, i) => {
        const prefixed = list === 'process' && hasStepPrefix(item.title);
        const id = `sed-${list}-${i}`;
        return (
          <div key={i} className="sed-item">
            <TextInput id={`${id}-title`} label={`${one} ${i + 1} title`} value={item.title} onChange={(v) => update(i, { title: v })} error={prefixed ? STEP_PREFIX_MESSAGE : undefined} />
            <TextArea
              id={`${id}-description`}
              label={`${one} ${i + 1} description`}
              value={item.description}
              rows={2}
              maxLength={list === 'symptoms' ? SYMPTOM_DESCRIPTION_MAX : undefined}
              onChange={(v) => update(i, { description: v })}
              counter={list === 'symptoms' ? `${item.description.length}/${SYMPTOM_DESCRIPTION_MAX}` : undefined}
            />
            {canRemoveItem(list, items.length) && <RemoveButton label={`Remove ${one.toLowerCase()} ${i + 1}`} onClick={() => onChange(items.filter((_, j) => j !== i))} />}
          </div>
        );
      })}
      {canAddItem(list, items.length) && <AddButton label={`Add ${one}`} onClick={() => onChange([...items, { title: '', description: '' }])} />}
    </fieldset>
  );
}

function TextInput({ id, label, value, onChange, placeholder, error }: { id: string; label: string; value: string; onChange: (v: string) => void; placeholder?: string | null; error?: string }) {
  return (
    <FormField id={id} label={label} error={error}>
      <input
        id={id}
        className="adm-input"
        value={value}
        placeholder={placeholder ?? undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

function TextArea({
  id,
  label,
  value,
  onChange,
  rows,
  placeholder,
  mono,
  maxLength,
  counter,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  rows: number;
  placeholder?: string | null;
  mono?: boolean;
  maxLength?: number;
  counter?: string;
}) {
  return (
    <FormField id={id} label={label} counter={counter}>
      <textarea
        id={id}
        className={mono ? 'adm-input adm-textarea adm-textarea--mono' : 'adm-input adm-textarea'}
        rows={rows}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder ?? undefined}
        aria-describedby={counter ? `${id}-counter` : undefined}
        onChange={(e) => onChange(maxLength ? e.target.value.slice(0, maxLength) : e.target.value)}
      />
    </FormField>
  );
}

const AddButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <button type="button" className="adm-button adm-button--secondary sed-add" onClick={onClick}>
    <Plus size={16} aria-hidden />
    {label}
  </button>
);

const RemoveButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <button type="button" className="adm-icon-button sed-remove" aria-label={label} title={label} onClick={onClick}>
    <Trash2 size={16} aria-hidden />
  </button>
);
