import { ApiError, routes, ServiceCreateSchema, type Service, type ServiceCreate, type ServiceCreateInput, type ServiceListItem } from '@hap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useState } from 'react';
import { useForm, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { errorAria, FormField } from '../auth/FormField';
import { api } from '../lib/api';
import { changedFields } from '../lib/changed-fields';
import { DialogFooter } from '../pages/DialogFooter';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { impactUnknown, PageChangeConfirm } from '../pages/PageChangeConfirm';
import { Tabs } from '../pages/Tabs';
import { useServiceTemplates } from '../templates/templates-query';
import { useToast } from '../toast/toaster';
import { ServiceEditor } from './editor/ServiceEditor';
import { servicesKey, useService } from './services-query';
import { ModalDialog } from '../pages/ModalDialog';

/** The form's values: the API's create body as typed in (strings, a checkbox). */
type Values = ServiceCreateInput;
type Form = UseFormReturn<Values, unknown, ServiceCreate>;

type ServiceTab = 'basic' | 'media' | 'offer' | 'scripts';
const SERVICE_TABS: ReadonlyArray<{ id: ServiceTab; label: string }> = [
  { id: 'basic', label: 'Basic Info' },
  { id: 'media', label: 'Media' },
  { id: 'offer', label: 'Special Offer' },
  { id: 'scripts', label: 'Scripts' },
];
/** Which tab holds each field, to open the one with a refused field. */
const TAB_OF: Partial<Record<keyof Values, ServiceTab>> = {
  googleAdsScript: 'scripts',
  facebookPixelScript: 'scripts',
};

/**
 * docs/admin.md#services: Create a New Service (serviceId null) or Edit Service, with
 * tabs Basic Info, Media, Special Offer and Scripts. A new service is active
 * unless unchecked; saving refreshes the client's list. The offer has one
 * edit screen, the service editor: Special Offer shows it
 * and opens the editor over this dialog, whose own edits stay as they are.
 */
export function ServiceDialog({
  open,
  clientId,
  serviceId,
  services,
  onClose,
}: {
  open: boolean;
  clientId: number;
  serviceId: number | null;
  services: readonly ServiceListItem[];
  onClose: () => void;
}) {
  return (
    <ModalDialog open={open} onOpenChange={(next) => !next && onClose()} aria-describedby={undefined} title={serviceId ? 'Edit Service' : 'Create a New Service'}>
      {open && (serviceId ? <EditService id={serviceId} services={services} onClose={onClose} /> : <ServiceForm clientId={clientId} service={null} services={services} onClose={onClose} />)}
    </ModalDialog>
  );
}

function EditService({ id, services, onClose }: { id: number; services: readonly ServiceListItem[]; onClose: () => void }) {
  const service = useService(id);
  if (service.isPending) return <LoadingPanel label="Loading service..." />;
  if (service.isError) return <LoadFailed heading="h3" title="Failed to load this service" message={service.error.message} onRetry={() => void service.refetch()} />;
  return <ServiceForm key={service.data.id} clientId={service.data.clientId} service={service.data} services={services} onClose={onClose} />;
}

const valuesOf = (clientId: number, service: Service | null): Values => ({
  clientId,
  templateId: service ? String(service.templateId) : '',
  name: service?.name ?? '',
  path: service?.path ?? '',
  isActive: service?.isActive ?? true,
  formEmbedCode: service?.formEmbedCode ?? '',
  offerName: service?.offerName ?? '',
  offerValue: service?.offerValue ?? '',
  offerDescription: service?.offerDescription ?? '',
  googleAdsScript: service?.googleAdsScript ?? '',
  facebookPixelScript: service?.facebookPixelScript ?? '',
});

function ServiceForm({ clientId, service, services, onClose }: { clientId: number; service: Service | null; services: readonly ServiceListItem[]; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<ServiceTab>('basic');
  const [editingOffer, setEditingOffer] = useState(false);
  const form: Form = useForm<Values, unknown, ServiceCreate>({ resolver: zodResolver(ServiceCreateSchema), defaultValues: valuesOf(clientId, service) });
  // Read while rendering: react-hook-form tracks only the form state a render reads.
  const { dirtyFields } = form.formState;

  // A new path moves the page, a deactivation takes it down: who uses it is said first (docs/admin.md#page-paths).
  const [asking, setAsking] = useState<{ values: ServiceCreate; message: string; label: string; confirmRunning: boolean } | null>(null);
  const impact = useMutation({ mutationFn: (id: number) => api.call(routes.getServicePageImpact, { params: { id } }) });
  const save = useMutation({
    mutationFn: ({ values, confirmRunning = false }: { values: ServiceCreate; confirmRunning?: boolean }) => {
      if (!service) return api.call(routes.createService, { body: values });
      const body = { ...changedFields(values, dirtyFields), ...(confirmRunning ? { confirmRunningCampaigns: true } : {}) };
      return api.call(routes.updateService, { params: { id: service.id }, body: body as never });
    },
    // Closes once the list holds what was saved: the dialog opens on the list's copy of a service, so one
    // reopened before the refetch answered would show (and save back) the service before this save.
    onSuccess: async (saved: Service) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: servicesKey(saved.clientId) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'service', saved.id] }),
      ]);
      toast({ title: service ? 'Service updated' : 'Service created', description: `${saved.name} has been saved.` });
      onClose();
    },
    onError: (error, { values }) => {
      // Running campaigns point to the page being deactivated: the API's words, and the choice.
      if (error instanceof ApiError && error.status === 409 && error.issues?.some((i) => i.path === 'confirmRunningCampaigns')) {
        setAsking({ values, message: error.message, label: 'Deactivate anyway', confirmRunning: true });
        return;
      }
      setAsking(null);
      toast({ title: service ? 'Failed to update service' : 'Failed to create service', description: error.message, variant: 'destructive' });
    },
  });

  const onInvalid = (errors: FieldErrors<Values>) => {
    const first = (Object.keys(errors) as Array<keyof Values>)[0];
    setTab((first && TAB_OF[first]) ?? 'basic');
  };
  const submit = form.handleSubmit((values) => {
    if (service && Object.keys(dirtyFields).length === 0) return onClose();
    if (service && dirtyFields.path && (values.path ?? '').toLowerCase() !== service.path.toLowerCase()) {
      const label = 'Change the path';
      impact.mutate(service.id, {
        onSuccess: (found) => setAsking({ values, message: found.message, label, confirmRunning: false }),
        onError: (error) => setAsking({ values, message: impactUnknown(service.path, error.message), label, confirmRunning: false }),
      });
      return;
    }
    save.mutate({ values });
  }, onInvalid);

  return (
    <>
      <form className="adm-dialog__form" noValidate onSubmit={(e) => void submit(e)}>
        <Tabs tabs={SERVICE_TABS} selected={tab} onSelect={setTab} label="Service settings" idPrefix="service" />
        <div id={`service-panel-${tab}`} role="tabpanel" aria-labelledby={`service-tab-${tab}`} className="adm-dialog__body">
          {tab === 'basic' && <BasicInfo form={form} service={service} services={services} />}
          {tab === 'media' && (
            <p className="adm-dialog__text">
              Hero images are managed in the template editor: <Link to="/admin/templates">Service Templates</Link>.
            </p>
          )}
          {tab === 'offer' && <OfferSummary service={service} onEdit={() => setEditingOffer(true)} />}
          {tab === 'scripts' && (
            <>
              <p className="adm-dialog__text">
                The service’s ad and pixel scripts, kept for the agency’s records. Public pages never run them: tracking comes from the clinic’s Tracking settings.
              </p>
              <Area form={form} name="googleAdsScript" label="Google Ads Script" rows={5} mono />
              <Area form={form} name="facebookPixelScript" label="Facebook Pixel Script" rows={5} mono />
            </>
          )}
        </div>
        {asking && (
          <div className="adm-dialog__body">
            <PageChangeConfirm
              id="service-page-change"
              message={asking.message}
              confirmLabel={asking.label}
              pending={save.isPending}
              onCancel={() => setAsking(null)}
              onConfirm={() => save.mutate({ values: asking.values, confirmRunning: asking.confirmRunning })}
            />
          </div>
        )}
        <DialogFooter action={service ? 'Update Service' : 'Create Service'} pending={save.isPending || impact.isPending || asking !== null} />
      </form>
      {/* Outside the form: the editor's own submit must not reach this one. */}
      {service && editingOffer && (
        <ServiceEditor
          clientId={service.clientId}
          serviceId={service.id}
          focus="offer"
          onClose={() => setEditingOffer(false)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ['admin', 'service', service.id] })}
        />
      )}
    </>
  );
}

/** The Special Offer tab: the offer as saved, and the way to the one screen that edits it. */
function OfferSummary({ service, onEdit }: { service: Service | null; onEdit: () => void }) {
  if (!service) {
    return <p className="adm-dialog__text">Create the service first; its offer is then edited with the page’s content in the service editor (Edit in the services list).</p>;
  }
  return (
    <>
        <p className="adm-dialog__text">The offer is edited with the page’s content, in the service editor.</p>
        <dl className="svc-offer">
          <dt>Offer</dt>
          <dd>{service.offerName ?? `${service.offer} (not set for this service: the page shows this)`}</dd>
          <dt>Offer Description</dt>
          <dd>{service.offerDescription ?? 'None'}</dd>
          <dt>Offer Value</dt>
          <dd>{service.offerValue ?? 'None'}</dd>
        </dl>
        <button type="button" className="adm-button adm-button--secondary svc-offer__edit" onClick={onEdit}>
          Edit the offer in the service editor
        </button>
    </>
  );
}

function BasicInfo({ form, service, services }: { form: Form; service: Service | null; services: readonly ServiceListItem[] }) {
  const templates = useServiceTemplates();
  const taken = new Set(services.map((s) => s.templateId));
  const { errors } = form.formState;
  const templateField = form.register('templateId');
  return (
    <>
        {service ? null : (
          <FormField id="service-templateId" label="Template" error={errors.templateId?.message}>
            <select
              id="service-templateId"
              className="adm-input"
              {...errorAria('service-templateId', errors.templateId)}
              {...templateField}
              onChange={(event) => {
                void templateField.onChange(event);
                // A new service starts with the template's name and path; both can be changed.
                const picked = templates.data?.find((t) => String(t.id) === event.target.value);
                if (picked && !form.getFieldState('name').isDirty) form.setValue('name', picked.name, { shouldValidate: true });
                if (picked && !form.getFieldState('path').isDirty) form.setValue('path', picked.slug, { shouldValidate: true });
              }}
            >
              <option value="">{templates.isPending ? 'Loading templates...' : 'Select a template'}</option>
              {templates.data?.map((t) => (
                <option key={t.id} value={String(t.id)} disabled={taken.has(t.id)}>
                  {t.name}
                  {taken.has(t.id) ? ' (already a service)' : ''}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <Text form={form} name="name" label="Service Name" required placeholder="e.g. Testosterone Therapy" />
        <Text form={form} name="path" label="URL Path" required placeholder="e.g. trt" hint="Letters, digits and hyphens; the page is at /{path}." />
        <label className="svc-check">
          <input type="checkbox" {...form.register('isActive')} />
          <span>
            <strong>Active Service</strong>
            <span className="svc-check__hint">When checked, the page is publicly visible.</span>
          </span>
        </label>
        <Area form={form} name="formEmbedCode" label="Custom Form Embed Code" rows={4} mono placeholder="<iframe src=…></iframe>" />
    </>
  );
}

type TextName = 'name' | 'path';
function Text({ form, name, label, placeholder, required, hint }: { form: Form; name: TextName; label: string; placeholder?: string; required?: boolean; hint?: string }) {
  const id = `service-${name}`;
  const error = form.formState.errors[name]?.message;
  return (
    <FormField id={id} label={required ? `${label} *` : label} error={error}>
      <input
        id={id}
        className="adm-input"
        placeholder={placeholder}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined}
        {...form.register(name)}
      />
      {hint && (
        <span id={`${id}-hint`} className="svc-hint">
          {hint}
        </span>
      )}
    </FormField>
  );
}

type AreaName = 'formEmbedCode' | 'googleAdsScript' | 'facebookPixelScript';
function Area({ form, name, label, rows, placeholder, mono }: { form: Form; name: AreaName; label: string; rows: number; placeholder?: string; mono?: boolean }) {
  const id = `service-${name}`;
  const error = form.formState.errors[name]?.message;
  return (
    <FormField id={id} label={label} error={error}>
      <textarea
        id={id}
        rows={rows}
        className={mono ? 'adm-input adm-textarea adm-textarea--mono' : 'adm-input adm-textarea'}
        placeholder={placeholder}
        spellCheck={mono ? false : undefined}
        {...errorAria(`${id}`, error)}
        {...form.register(name)}
      />
    </FormField>
  );
}
