import { DialogFooter } from '../pages/DialogFooter';
import { ApiError, ClientCreateSchema, clinicHomeUrl, LEAD_STATUS_LABELS, OFFLINE_CONVERSION_STATUSES, routes, type Client, type ClientCreate, type ClientCreateInput } from '@hap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, ExternalLink, RefreshCw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { errorAria, FormField } from '../auth/FormField';
import { ImageField } from '../images/ImageField';
import { api } from '../lib/api';
import { changedFields } from '../lib/changed-fields';
import { Tabs } from '../pages/Tabs';
import { useToast } from '../toast/toaster';
import { CLIENT_TABS, clientFormOf, emptyClientForm, firstTabWithError, type ClientFormValues, type ClientTab } from './client-form';
import { CLIENTS_KEY } from './clients-query';
import { domainClaimView } from './domain-claim';
import './clients.css';
import { ModalDialog } from '../pages/ModalDialog';
import { LabelledOptions } from '../forms/Options';

type Form = UseFormReturn<ClientCreateInput, unknown, ClientCreate>;

/** docs/admin.md#clients: Add New Client (client null) or Edit Client, with tabs General, Branding, Tracking, Images and Services. */
/** `onCreated`: a new clinic was saved (the list shows it, wherever its name sorts). */
export function ClientDialog({
  open,
  client,
  onClose,
  onCreated,
}: {
  open: boolean;
  client: Client | null;
  onClose: () => void;
  onCreated?: (client: Client) => void;
}) {
  return (
    <ModalDialog open={open} onOpenChange={(next) => !next && onClose()} aria-describedby={undefined} title={client ? `Edit Client: ${client.name}` : 'Add New Client'}>
      {open && <ClientForm key={client?.id ?? 'new'} client={client} onClose={onClose} onCreated={onCreated} />}
    </ModalDialog>
  );
}

function ClientForm({ client, onClose, onCreated }: { client: Client | null; onClose: () => void; onCreated?: (client: Client) => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<ClientTab>('general');
  const form: Form = useForm<ClientCreateInput, unknown, ClientCreate>({
    resolver: zodResolver(ClientCreateSchema),
    defaultValues: client ? clientFormOf(client) : emptyClientForm(),
  });
  // Read while rendering: react-hook-form tracks only the form state a render reads, so a
  // first read inside the submit handler would find no field dirty and save nothing.
  const { dirtyFields } = form.formState;

  const save = useMutation({
    mutationFn: (values: ClientCreate) => {
      if (!client) return api.call(routes.createClient, { body: values });
      return api.call(routes.updateClient, { params: { id: client.id }, body: changedFields(values, dirtyFields) as never });
    },
    onSuccess: (saved: Client) => {
      toast({ title: client ? 'Client updated' : 'Client created', description: `${saved.name} has been saved.` });
      void queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
      onClose();
      if (!client) onCreated?.(saved);
    },
    onError: (error) => {
      // The API's words about a field (a domain refused or claimed elsewhere) go to that field, on its tab.
      const fields = error instanceof ApiError ? (error.issues ?? []).filter((issue) => issue.path in form.getValues()) : [];
      for (const issue of fields) form.setError(issue.path as keyof ClientCreateInput, { type: 'server', message: issue.message });
      const where = firstTabWithError(Object.fromEntries(fields.map((issue) => [issue.path, issue.message])));
      if (where) setTab(where);
      else toast({ title: client ? 'Failed to update client' : 'Failed to create client', description: error.message, variant: 'destructive' });
    },
  });

  const onInvalid = (errors: FieldErrors<ClientCreateInput>) => {
    const where = firstTabWithError(errors as Record<string, unknown>);
    if (where) setTab(where);
  };
  const submit = form.handleSubmit((values) => {
    if (client && Object.keys(dirtyFields).length === 0) return onClose();
    save.mutate(values);
  }, onInvalid);

  return (
    <form className="adm-dialog__form" noValidate onSubmit={(e) => void submit(e)}>
      <Tabs tabs={CLIENT_TABS} selected={tab} onSelect={setTab} label="Client settings" idPrefix="client" />
      <div id={`client-panel-${tab}`} role="tabpanel" aria-labelledby={`client-tab-${tab}`} className="adm-dialog__body cli-panel">
        {tab === 'general' && <GeneralTab form={form} client={client} />}
        {tab === 'branding' && <BrandingTab form={form} />}
        {tab === 'tracking' && <TrackingTab form={form} client={client} />}
        {tab === 'images' && <ImagesTab form={form} />}
        {tab === 'services' && <ServicesTab client={client} />}
      </div>
      <DialogFooter action={client ? 'Save Changes' : 'Create Client'} pending={save.isPending} />
    </form>
  );
}

/** One text input bound to the form, with its message. */
function Text({
  form,
  name,
  label,
  type = 'text',
  placeholder,
  required = false,
  note,
}: {
  form: Form;
  name: keyof ClientFormValues;
  label: string;
  type?: string;
  placeholder?: string;
  required?: boolean;
  /** Words under the field that describe it (id `{id}-note`), such as the domain's claim status. */
  note?: ReactNode;
}) {
  const error = form.formState.errors[name]?.message;
  const id = `client-${name}`;
  const describedBy = [error && `${id}-error`, note && `${id}-note`].filter(Boolean).join(' ') || undefined;
  return (
    <FormField id={id} label={label} error={error} required={required}>
      <input
        id={id}
        type={type}
        className="adm-input"
        placeholder={placeholder}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...form.register(name)}
      />
      {note && (
        <div id={`${id}-note`} className="cli-field-note">
          {note}
        </div>
      )}
    </FormField>
  );
}

const Grid = ({ children }: { children: ReactNode }) => <div className="cli-grid">{children}</div>;

/** The saved domain's claim beside the field (domainClaimView), or what saving a new one does; a link to the clinic's Domains screen. */
function DomainNote({ form, client }: { form: Form; client: Client | null }) {
  const typed = (form.watch('domain') ?? '').trim().toLowerCase();
  const saved = (client?.domain ?? '').trim().toLowerCase();
  if (!client) return typed ? <span className="adm-muted">Creating the client starts a claim on this domain: its DNS records are then on the client’s Domains screen.</span> : null;
  const domains = (
    <Link to={`/admin/clients/${client.id}/domains`} className="cli-field-note__link">
      Domains
    </Link>
  );
  if (typed !== saved) {
    return typed ? <span className="adm-muted">Saving starts a claim on this domain; its DNS records are then on {domains}.</span> : null;
  }
  const view = domainClaimView(client);
  if (!view) return null;
  return (
    <>
      <span className={view.badge}>{view.label}</span> <span className="adm-muted">{view.text}</span> {domains}
    </>
  );
}

function GeneralTab({ form, client }: { form: Form; client: Client | null }) {
  return (
    <>
      <Text form={form} name="name" label="Client Name" required placeholder="e.g. Harbor Men's Health" />
      <Text form={form} name="address" label="Address" required placeholder="Street, city, state" />
      <Grid>
        <Text form={form} name="phone" label="Phone" type="tel" required placeholder="(303) 555-0142" />
        <Text form={form} name="email" label="Email" type="email" placeholder="front-desk@clinic.com" />
      </Grid>
      <Grid>
        <Text form={form} name="website" label="Website" type="url" placeholder="https://clinic.com" />
        <Text form={form} name="domain" label="Domain" placeholder="clinic.com" note={<DomainNote form={form} client={client} />} />
      </Grid>
      <Text form={form} name="bookingLink" label="Booking Link" type="url" placeholder="https://book.clinic.com" />
      {/* docs/portal.md: the clinic's owners edit their contact details and branding in the portal unless the agency keeps them. */}
      <Switch form={form} name="portalProfileEditable" label="Clinic owners may edit their profile in the portal (name, contacts, logo, office picture, team)" />
      {/* docs/leads.md#delivery: alerts carry no patient details; the old full-detail e-mail is the agency's opt-in, said with its risk. */}
      <Switch
        form={form}
        name="leadDetailEmail"
        label="Send each lead’s full details to the clinic by e-mail"
        warning="Patient details (name, phone, e-mail, the service asked about) travel by plain e-mail to the clinic’s address. Turn on only if the clinic asks for it and accepts that risk."
      />
    </>
  );
}

function ColourField({ form, name, label }: { form: Form; name: 'brandColor' | 'brandBgColor'; label: string }) {
  const value = form.watch(name) ?? '';
  const error = form.formState.errors[name]?.message;
  const id = `client-${name}`;
  return (
    <FormField id={id} label={label} error={error}>
      <div className="cli-colour">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#d4af37'}
          onChange={(e) => form.setValue(name, e.target.value, { shouldDirty: true, shouldValidate: true })}
        />
        <input id={id} className="adm-input" {...errorAria(`${id}`, error)} {...form.register(name)} />
      </div>
    </FormField>
  );
}

function BrandingTab({ form }: { form: Form }) {
  const brand = form.watch('brandColor') || '#37a2d4';
  const background = form.watch('brandBgColor') || '#00446f';
  return (
    <>
      <Grid>
        <ColourField form={form} name="brandColor" label="Brand Color" />
        <ColourField form={form} name="brandBgColor" label="Brand Background Color" />
      </Grid>
      <div className="cli-swatch" style={{ background }} aria-hidden>
        <span style={{ background: brand }}>Book a consultation</span>
      </div>
      <p className="adm-muted cli-note">Public pages keep text readable on these colours: where a colour is too light or too dark for text, they pick a readable ink.</p>
    </>
  );
}

type SwitchName = 'trackingEnabled' | 'conversionTrackingEnabled' | 'portalProfileEditable' | 'leadDetailEmail';

/** A checkbox; `warning` is shown under it at all times (read before turning it on) and named as its description. */
function Switch({ form, name, label, warning }: { form: Form; name: SwitchName; label: string; warning?: string }) {
  const warningId = `client-${name}-warning`;
  return (
    <>
      <label className="cli-switch">
        <input type="checkbox" aria-describedby={warning ? warningId : undefined} {...form.register(name)} />
        <span>{label}</span>
      </label>
      {warning && (
        <p id={warningId} className="adm-muted cli-note" role="note">
          {warning}
        </p>
      )}
    </>
  );
}

function TrackingTab({ form, client }: { form: Form; client: Client | null }) {
  return (
    <>
      <Grid>
        <Switch form={form} name="trackingEnabled" label="Tracking enabled" />
        <Switch form={form} name="conversionTrackingEnabled" label="Conversion tracking enabled" />
      </Grid>
      <Grid>
        <Text form={form} name="googleAdsTagId" label="Google Ads Tag ID" placeholder="AW-123456789" />
        <Text form={form} name="googleAnalyticsId" label="Google Analytics ID" placeholder="G-ABC123XYZ" />
      </Grid>
      <Grid>
        <Text form={form} name="googleAdsAccountId" label="Google Ads Account ID" placeholder="123-456-7890" />
        <Text form={form} name="googleAdsManagerId" label="Google Ads Manager ID" placeholder="123-456-7890" />
      </Grid>
      {/* docs/campaigns.md#budget-pacing: Results paces the month's spend against these and alerts at 80 % and 100 %. */}
      <Grid>
        <Text form={form} name="monthlyAdBudget" label="Monthly Google Ads budget ($)" placeholder="3000" note="Results shows the month’s spend against it; the agency is alerted at 80 % and 100 %." />
        <Text form={form} name="targetCostPerBooking" label="Target cost per booking ($)" placeholder="150" note="A campaign limited by its budget while it books below this is worth more budget." />
      </Grid>
      <Text form={form} name="facebookPixelId" label="Facebook Pixel ID" placeholder="1234567890" />
      <FormField id="client-offlineConversionStatus" label="Count a lead as a Google Ads conversion when it is">
        <select id="client-offlineConversionStatus" className="adm-input" {...form.register('offlineConversionStatus')}>
          <LabelledOptions values={OFFLINE_CONVERSION_STATUSES} labels={LEAD_STATUS_LABELS} />
        </select>
      </FormField>
      <p className="adm-muted cli-note">A lead that came from a Google ad (it has a click id) is uploaded to the clinic's Google Ads account once it reaches this status.</p>
      <h3 className="cli-subheading">Lead webhook</h3>
      <p className="adm-muted cli-note">Each new lead is POSTed to this address as JSON, signed with the secret below (header X-HAP-Signature).</p>
      <Text form={form} name="webhookUrl" label="Webhook URL" type="url" placeholder="https://crm.clinic.com/hooks/leads" />
      {client?.webhookSecret && <WebhookSecret client={client} />}
    </>
  );
}

function WebhookSecret({ client }: { client: Client }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState(client.webhookSecret ?? '');
  const rotate = useMutation({
    mutationFn: () => api.call(routes.rotateClientWebhookSecret, { params: { id: client.id } }),
    onSuccess: (updated: Client) => {
      setSecret(updated.webhookSecret ?? '');
      void queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
      toast({ title: 'Webhook secret replaced', description: 'Update the receiving system: the old secret no longer verifies.' });
    },
    onError: (error) => toast({ title: 'Failed to replace the secret', description: error.message, variant: 'destructive' }),
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: 'Copied', description: 'The webhook secret is on the clipboard.' });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the secret and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <FormField id="client-webhook-secret" label="Webhook Secret">
      <div className="cli-secret">
        <input id="client-webhook-secret" className="adm-input cli-mono" readOnly value={secret} onFocus={(e) => e.target.select()} />
        <button type="button" className="adm-button adm-button--secondary" onClick={() => void copy()}>
          <Copy size={16} aria-hidden />
          Copy
        </button>
        <button type="button" className="adm-button adm-button--ghost" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
          <RefreshCw size={16} aria-hidden className={rotate.isPending ? 'adm-spin' : undefined} />
          Replace
        </button>
      </div>
    </FormField>
  );
}

function ImagesTab({ form }: { form: Form }) {
  const logo = form.watch('logoPath') || null;
  const office = form.watch('officeImagePath') || null;
  return (
    <>
      <ImageField label="Logo" value={logo} onChange={(v) => form.setValue('logoPath', v ?? '', { shouldDirty: true })} folder="clients" />
      <ImageField label="Office Image" value={office} onChange={(v) => form.setValue('officeImagePath', v ?? '', { shouldDirty: true })} folder="clients" />
    </>
  );
}

function ServicesTab({ client }: { client: Client | null }) {
  if (!client) return <p className="adm-muted">Save the client first; then pick the services its pages offer.</p>;
  return (
    <>
      <p className="adm-muted cli-note">A clinic's service pages come from the templates activated for it; each can then be edited in Services Management.</p>
      <div className="cli-links">
        <Link className="adm-button adm-button--secondary" to={`/admin/templates/activated?client=${client.id}`}>
          Activated templates
        </Link>
        <Link className="adm-button adm-button--secondary" to={`/admin/services?client=${client.id}`}>
          Manage Services
        </Link>
        <a className="adm-button adm-button--ghost" href={clinicHomeUrl({ clientId: client.id, domain: client.siteDomain })} target="_blank" rel="noreferrer">
          <ExternalLink size={16} aria-hidden />
          View Client Homepage
        </a>
      </div>
    </>
  );
}
