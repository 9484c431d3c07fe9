import { canAddItem, neededHint, routes, SYMPTOM_DESCRIPTION_MAX, type ClientService, type CountedList } from '@hap/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DialogHeader } from '../../pages/DialogHeader';
import { errorAria, FormField } from '../../auth/FormField';
import { FaqList, TestimonialList, TitledList, type TitledItem } from '../../forms/ContentLists';
import { TextField } from '../../forms/fields';
import { fixFieldsMessage, listIssues, LIST_ITEM_NOUN } from '../../forms/list-rules';
import { usePendingFocus } from '../../forms/use-pending-focus';
import { api } from '../../lib/api';
import { LoadFailed } from '../../pages/LoadFailed';
import { LoadingPanel } from '../../pages/LoadingPanel';
import { Tabs } from '../../pages/Tabs';
import { useServiceTemplates } from '../../templates/templates-query';
import { useToast } from '../../toast/toaster';
import { servicesKey } from '../services-query';
import { draftIssues, draftOfService, draftWithTemplate, emptyDraft, fieldsOfDraft, withoutBlankRowsOf, type EditorDraft } from './editor-draft';
import './editor.css';
import { NamedOptions } from '../../forms/Options';

type EditorTab = 'basic' | 'content' | 'symptoms' | 'process';
const EDITOR_TABS: ReadonlyArray<{ id: EditorTab; label: string }> = [
  { id: 'basic', label: 'Basic Settings' },
  { id: 'content', label: 'Content' },
  { id: 'symptoms', label: 'Symptoms & Benefits' },
  { id: 'process', label: 'Process & FAQs' },
];

const clientServicesKey = (clientId: number) => ['admin', 'client-services', clientId] as const;

/**
 * docs/admin.md#service-editor: the full-screen service editor, for a service (serviceId)
 * or a new one. Saving refreshes the client's service list.
 */
export function ServiceEditor({
  clientId,
  serviceId,
  focus,
  onClose,
  onSaved,
}: {
  clientId: number;
  serviceId?: number | null;
  /** Opens with the focus in the offer's first field (the settings dialog's link). */
  focus?: 'offer';
  onClose: () => void;
  onSaved: () => void;
}) {
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
          ) : services.isPending || (services.isFetching && !services.isFetchedAfterMount) ? (
            // The stored service as it is now, not a cached copy from before the last save.
            <LoadingPanel label="Loading service..." />
          ) : services.isError ? (
            <LoadFailed heading="h3" title="Failed to load this service" message={services.error.message} onRetry={() => void services.refetch()} />
          ) : service ? (
            <EditorForm key={service.id} clientId={clientId} service={service} focus={focus} onClose={onClose} onSaved={onSaved} />
          ) : (
            <p className="adm-dialog__body">This service no longer exists.</p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Which tab shows each field the schema may refuse (its key's first segment). */
const TAB_OF_FIELD: Record<string, EditorTab> = {
  customDescription: 'content',
  testimonials: 'content',
  symptoms: 'symptoms',
  benefits: 'symptoms',
  process: 'process',
  faqs: 'process',
};
const tabOf = (key: string): EditorTab => TAB_OF_FIELD[key.split('.')[0] ?? ''] ?? 'basic';
/** The screen's id of a refused field: a list's `sed-{list}-{index}-{field}`, else the field's input. */
const SCALAR_IDS: Record<string, string> = {
  customTitle: 'sed-title',
  customHeadline: 'sed-headline',
  customOffer: 'sed-offer',
  customOfferDescription: 'sed-offer-description',
  offerValue: 'sed-offer-value',
  formEmbedCode: 'sed-embed',
  customDescription: 'sed-description',
  templateId: 'sed-template',
};
const idOfIssue = (key: string) => SCALAR_IDS[key] ?? `sed-${key.split('.').join('-')}`;

function EditorForm({
  clientId,
  service,
  focus,
  onClose,
  onSaved,
}: {
  clientId: number;
  service: ClientService | null;
  focus?: 'offer';
  onClose: () => void;
  onSaved: () => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const templates = useServiceTemplates();
  const [tab, setTab] = useState<EditorTab>('basic');
  const [draft, setDraft] = useState<EditorDraft>(() => (service ? draftOfService(service) : emptyDraft()));
  // After a refused save the marks follow the draft: a field fixed loses its mark as it is typed.
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const setFocusId = usePendingFocus(focus === 'offer' ? 'sed-offer' : null);
  const set = <K extends keyof EditorDraft>(key: K, value: EditorDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const template = templates.data?.find((t) => t.id === draft.templateId) ?? null;
  const found = useMemo(() => draftIssues(draft, clientId, service?.id ?? null), [draft, clientId, service]);
  const issues = attempted ? found : {};
  const issueCount = Object.keys(issues).length;
  const issueTabs = [...new Set(Object.keys(issues).map(tabOf))].map((t) => EDITOR_TABS.find((x) => x.id === t)!.label);

  const save = useMutation({
    mutationFn: (clean: EditorDraft) => {
      const fields = fieldsOfDraft(clean);
      if (service) return api.call(routes.updateClientServiceById, { body: { id: service.id, ...fields } });
      if (clean.templateId === null) throw new Error('Template selection is required');
      return api.call(routes.createClientService, { body: { clientId, templateId: clean.templateId, isActive: true, ...fields } });
    },
    onSuccess: () => {
      toast({ title: service ? 'Service updated' : 'Service created', description: 'The service page has been saved.' });
      void queryClient.invalidateQueries({ queryKey: servicesKey(clientId) });
      void queryClient.invalidateQueries({ queryKey: clientServicesKey(clientId) });
      onSaved();
      onClose();
    },
    // Shown beside the buttons, in the editor: a toast could lie over them.
    onError: (error) => setFailure(error.message),
  });

  const submit = () => {
    setAttempted(true);
    setFailure(null);
    // Rows added and left empty are dropped, never refused.
    const clean = withoutBlankRowsOf(draft);
    setDraft(clean);
    const refused = draftIssues(clean, clientId, service?.id ?? null);
    const first = Object.keys(refused)[0];
    if (first) {
      setTab(tabOf(first));
      setFocusId(idOfIssue(first));
      return;
    }
    save.mutate(clean);
  };

  return (
    <form
      className="adm-dialog__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
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
              <FormField id="sed-template" label="Template *" error={issues.templateId}>
                <select
                  id="sed-template"
                  className="adm-input"
                  value={draft.templateId ?? ''}
                  {...errorAria('sed-template', issues.templateId)}
                  onChange={(e) => {
                    const picked = templates.data?.find((t) => String(t.id) === e.target.value);
                    setDraft((d) => (picked ? draftWithTemplate(d, picked) : { ...d, templateId: null }));
                  }}
                >
                  <option value="">{templates.isPending ? 'Loading templates...' : 'Select a template'}</option>
                  <NamedOptions items={templates.data} />
                </select>
                <span className="sed-muted">Picking a template copies its symptoms, benefits, process steps, FAQs and testimonials as starting content.</span>
              </FormField>
            )}
            <TextField id="sed-title" label="Custom Title" value={draft.customTitle} onChange={(v) => set('customTitle', v)} placeholder={template?.name} error={issues.customTitle} />
            <TextField
              id="sed-headline"
              label="Custom Headline"
              value={draft.customHeadline}
              onChange={(v) => set('customHeadline', v)}
              placeholder={template?.headline ?? undefined}
              error={issues.customHeadline}
              hint="The page’s headline for this clinic; empty shows the template’s, and the template’s later headlines."
            />
            <TextField
              id="sed-offer"
              label="Custom Offer"
              value={draft.customOffer}
              onChange={(v) => set('customOffer', v)}
              placeholder={template?.offer ?? 'Free Consultation'}
              error={issues.customOffer}
              hint="The offer the page leads with; empty shows the template’s."
            />
            <TextField
              id="sed-offer-value"
              label="Offer Value"
              value={draft.offerValue}
              onChange={(v) => set('offerValue', v)}
              placeholder="$249 value"
              error={issues.offerValue}
              hint="What the offer is worth; the urgency page’s offer card shows it."
            />
            <TextField id="sed-offer-description" label="Offer Description" value={draft.customOfferDescription} onChange={(v) => set('customOfferDescription', v)} rows={2} error={issues.customOfferDescription} />
            <TextField id="sed-embed" label="Custom Form Embed Code" value={draft.formEmbedCode} onChange={(v) => set('formEmbedCode', v)} rows={3} mono error={issues.formEmbedCode} />
          </>
        )}
        {tab === 'content' && (
          <>
            <TextField
              id="sed-description"
              label="Custom Description"
              value={draft.customDescription}
              onChange={(v) => set('customDescription', v)}
              rows={4}
              placeholder={template?.description}
              error={issues.customDescription}
            />
            <TestimonialList id="sed-testimonials" title="Testimonials" items={draft.testimonials} onChange={(items) => set('testimonials', items)} errors={listIssues(issues, 'testimonials')} />
          </>
        )}
        {tab === 'symptoms' && (
          <div className="sed-columns">
            <CountedList list="symptoms" title="Symptoms" items={draft.symptoms} onChange={(items) => set('symptoms', items)} errors={listIssues(issues, 'symptoms')} />
            <CountedList list="benefits" title="Benefits" items={draft.benefits} onChange={(items) => set('benefits', items)} errors={listIssues(issues, 'benefits')} />
          </div>
        )}
        {tab === 'process' && (
          <div className="sed-columns">
            <CountedList list="process" title="Process Steps" items={draft.process} onChange={(items) => set('process', items)} errors={listIssues(issues, 'process')} />
            <FaqList id="sed-faqs" title="FAQs" items={draft.faqs} onChange={(items) => set('faqs', items)} errors={listIssues(issues, 'faqs')} />
          </div>
        )}
      </div>
      <div className="adm-dialog__footer sed-footer">
        {issueCount > 0 ? (
          <p className="frm-summary sed-footer__message" role="alert">
            {fixFieldsMessage(issueCount)} (marked, on {issueTabs.join(', ')}).
          </p>
        ) : failure ? (
          <p className="frm-summary sed-footer__message" role="alert">
            Failed to save service: {failure}
          </p>
        ) : null}
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

/**
 * A list with a required count (docs/admin.md#validation): its hint while short and the
 * Add button until the count; every row, added or stored, can be removed.
 */
function CountedList({
  list,
  title,
  items,
  onChange,
  errors,
}: {
  list: CountedList;
  title: string;
  items: TitledItem[];
  onChange: (items: TitledItem[]) => void;
  errors: Record<string, string>;
}) {
  const hint = neededHint(list, items.length);
  return (
    <TitledList
      id={`sed-${list}`}
      title={title}
      one={LIST_ITEM_NOUN[list]}
      items={items}
      onChange={onChange}
      errors={errors}
      withIcon={list === 'symptoms'}
      descriptionMax={list === 'symptoms' ? SYMPTOM_DESCRIPTION_MAX : undefined}
      steps={list === 'process'}
      canAdd={canAddItem(list, items.length)}
      badge={<span className="sed-count">{items.length}</span>}
      hint={
        hint && (
          <p className="sed-needed" role="status">
            {hint}
          </p>
        )
      }
      emptyText={`Until you add your own, the page shows the template’s ${title.toLowerCase()}.`}
    />
  );
}
