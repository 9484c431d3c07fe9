import { LoadFailed } from '../pages/LoadFailed';
import type { LeadDelivery, LeadDetail, LeadTouch, PortalLeadDetail } from '@hap/contracts';
import { LEAD_CONSENT_LABELS } from '@hap/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { RotateCw, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadingPanel } from '../pages/LoadingPanel';
import { useToast } from '../toast/toaster';
import { formatDateTime } from './lead-filters';
import { useLead, useRetryDelivery } from './leads-query';
import { LeadContact } from './LeadsTable';
import { StatusSelect } from './StatusSelect';
import { ModalDialog } from '../pages/ModalDialog';
import { LeadTimeline } from './LeadTimeline';
import { AssigneeField, LogCall } from './FrontDeskPanel';
import { LeadNotes } from './LeadNotes';
import { LeadTasks } from './LeadTasks';
import './front-desk.css';

const CHANNEL_LABELS: Record<LeadDelivery['channel'], string> = {
  email: 'E-mail to the clinic',
  webhook: 'Clinic webhook',
  crm: 'CRM contact',
  google_ads: 'Google Ads conversion',
  notify_users: 'Clinic users to e-mail',
  user_email: 'E-mail to a clinic user',
  patient_email: 'Receipt to the patient',
  patient_sms: 'First text to the patient',
  patient_follow_up: 'Follow-up text to the patient',
  user_push: 'Push to a clinic user’s devices',
  user_sms: 'Text to a clinic user',
  nudge_users: 'Reminder to the clinic (waiting)',
  nudge_agency: 'Reminder to the agency (waiting)',
};
const DELIVERY_STATUS_LABELS: Record<LeadDelivery['status'], string> = {
  pending: 'Pending',
  queued: 'Queued',
  delivered: 'Delivered',
  failed: 'Failed',
  not_configured: 'Not configured',
  stopped: 'Stopped',
};

/** Label and value pairs; empty values are left out, so a short touch stays short. */
function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (!shown.length) return <p className="adm-muted">Nothing recorded.</p>;
  return (
    <dl className="adm-facts">
      {shown.map(([label, value]) => (
        <div key={label} className="adm-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const touchRows = (touch: LeadTouch): Array<[string, ReactNode]> => [
  ['Arrived', touch.at ? formatDateTime(touch.at) : null],
  ['Source', touch.utmSource],
  ['Medium', touch.utmMedium],
  ['Campaign', touch.utmCampaign],
  ['Term', touch.utmTerm],
  ['Content', touch.utmContent],
  ['Google click id', touch.gclid],
  ['GBRAID', touch.gbraid],
  ['WBRAID', touch.wbraid],
  ['Facebook click id', touch.fbclid],
  ['Landing page', touch.landingPath],
  ['Referrer', touch.referrer],
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="adm-detail__section">
      <h3 className="adm-detail__heading">{title}</h3>
      {children}
    </section>
  );
}

function Deliveries({ deliveries }: { deliveries: LeadDelivery[] }) {
  const retry = useRetryDelivery();
  const toast = useToast();
  if (!deliveries.length) return <p className="adm-muted">No deliveries.</p>;
  return (
    <ul className="adm-deliveries">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="adm-delivery">
          <div className="adm-delivery__head">
            <span className="adm-delivery__channel">
              {CHANNEL_LABELS[delivery.channel]}
              {delivery.recipient ? ` · ${delivery.recipient}` : ''}
            </span>
            <span className={`adm-delivery-status adm-delivery-status--${delivery.status}`}>{DELIVERY_STATUS_LABELS[delivery.status]}</span>
          </div>
          <p className="adm-muted adm-delivery__meta">
            {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
            {delivery.deliveredAt ? ` · delivered ${formatDateTime(delivery.deliveredAt)}` : ` · updated ${formatDateTime(delivery.updatedAt)}`}
          </p>
          {delivery.lastError && (
            <p className={delivery.status === 'failed' ? 'adm-delivery__error' : 'adm-delivery__note'}>
              {delivery.status === 'failed' ? 'Last error: ' : ''}
              {delivery.lastError}
            </p>
          )}
          {delivery.status === 'failed' && (
            <button
              type="button"
              className="adm-button adm-button--secondary adm-delivery__retry"
              disabled={retry.isPending && retry.variables === delivery.id}
              onClick={() =>
                retry.mutate(delivery.id, {
                  onSuccess: () => toast({ title: 'Delivery queued again', description: `${CHANNEL_LABELS[delivery.channel]} will be sent again shortly.` }),
                  onError: (error) => toast({ title: 'Retry failed', description: error.message, variant: 'destructive' }),
                })
              }
            >
              <RotateCw size={16} aria-hidden />
              Retry
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The agency's detail has the delivery pipeline and the consent's evidence; a clinic's (the portal's) has neither. */
function DetailBody({ lead }: { lead: LeadDetail | PortalLeadDetail }) {
  const agency = 'deliveries' in lead ? lead : null;
  const a = lead.attribution;
  return (
    <>
      <div className="adm-detail__status">
        <label htmlFor="lead-detail-status" className="adm-label">
          Status
        </label>
        <StatusSelect lead={lead} id="lead-detail-status" />
      </div>
      <AssigneeField lead={lead} />
      <Section title="Contact">
        <LeadContact lead={lead} />
        <LogCall lead={lead} />
        {lead.message && <p className="adm-detail__message">{lead.message}</p>}
        <Facts
          rows={[
            ['Service', lead.serviceName ?? `Service #${lead.serviceId}`],
            ['Received', formatDateTime(lead.createdAt)],
            ['Reference', <span className="adm-mono">{lead.reference}</span>],
            ['Service check', !agency || agency.serviceChecked ? null : 'Not checked (the catalogue was down when it arrived)'],
          ]}
        />
      </Section>
      <Section title="Notes">
        <LeadNotes leadId={lead.id} />
      </Section>
      <Section title="Tasks">
        <LeadTasks leadId={lead.id} clientId={lead.clientId} />
      </Section>
      <Section title="Timeline">
        <LeadTimeline leadId={lead.id} />
      </Section>
      <Section title="Attribution">
        <Facts
          rows={[
            ['Style variant', a.styleVariant ? a.styleVariant.toUpperCase() : null],
            ['Source', a.utmSource],
            ['Medium', a.utmMedium],
            ['Campaign', a.utmCampaign],
            ['Term', a.utmTerm],
            ['Content', a.utmContent],
            ['Google click id', a.gclid],
            ['GBRAID', a.gbraid],
            ['WBRAID', a.wbraid],
            ['Facebook click id', a.fbclid],
            ['Landing page', a.landingPath],
            ['Referrer', a.referrer],
          ]}
        />
        <div className="adm-touches">
          <div>
            <h4 className="adm-detail__subheading">First touch</h4>
            {a.firstTouch ? <Facts rows={touchRows(a.firstTouch)} /> : <p className="adm-muted">Not recorded.</p>}
          </div>
          <div>
            <h4 className="adm-detail__subheading">Last touch</h4>
            {a.lastTouch ? <Facts rows={touchRows(a.lastTouch)} /> : <p className="adm-muted">Not recorded.</p>}
          </div>
        </div>
      </Section>
      <Section title="Consent">
        {lead.consent.status === 'captured' ? (
          <>
            <blockquote className="adm-consent">{lead.consent.text}</blockquote>
            <Facts
              rows={[
                ['Given', lead.consent.at ? formatDateTime(lead.consent.at) : null],
                ['Version', <span className="adm-mono">{lead.consent.version}</span>],
                ['IP address', agency?.consent.ip],
                ['Browser', agency?.consent.userAgent],
              ]}
            />
          </>
        ) : (
          // docs/consent.md: a request sent without our form's consent (the spec's call table has none) is not consent.
          <p>
            <strong>{LEAD_CONSENT_LABELS.not_captured}.</strong> This request came without our form&apos;s consent sentence: do not treat it as consent to be
            contacted.
          </p>
        )}
      </Section>
      {agency && (
        <Section title="Deliveries">
          <Deliveries deliveries={agency.deliveries} />
        </Section>
      )}
    </>
  );
}

/** One lead in a side panel (a full-height sheet on a phone). */
export function LeadDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const lead = useLead(id);
  return (
    <ModalDialog open={id !== null} onOpenChange={(open) => !open && onClose()} className="adm-sheet" aria-describedby={undefined}>
      <div className="adm-sheet__header">
        <div>
          <Dialog.Title className="adm-drawer__title">{lead.data?.name ?? 'Lead'}</Dialog.Title>
          {lead.data && <p className="adm-drawer__description">{lead.data.serviceName ?? `Service #${lead.data.serviceId}`}</p>}
        </div>
        <Dialog.Close className="adm-icon-button" aria-label="Close">
          <X size={20} aria-hidden />
        </Dialog.Close>
      </div>
      <div className="adm-sheet__body">
        {lead.isPending ? (
          <LoadingPanel label="Loading lead..." />
        ) : lead.isError ? (
          <LoadFailed heading="h3" title="Failed to load this lead" message={lead.error.message} onRetry={() => void lead.refetch()} />
        ) : (
          <DetailBody lead={lead.data} />
        )}
      </div>
    </ModalDialog>
  );
}
