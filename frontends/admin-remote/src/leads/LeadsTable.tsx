import { telHref, type LeadListItem, type PortalLeadListItem } from '@hap/contracts';
import { AlertTriangle, Mail, Phone } from 'lucide-react';
import { StatusSelect } from './StatusSelect';
import { TableHead } from '../pages/TableHead';

/**
 * The page of leads: a table on wide screens, one card per lead on a phone
 * (admin.css). Each lead has a checkbox for the bulk status change (the
 * admin's, when `selected` is given); in the 'All clinics' view
 * (`clinicName` given) a Clinic column says whose it is.
 */
export function LeadsTable({
  leads,
  onOpen,
  selected,
  onSelect,
  clinicName,
}: {
  leads: Array<LeadListItem | PortalLeadListItem>;
  onOpen: (id: number) => void;
  selected?: ReadonlySet<number>;
  onSelect?: (id: number, on: boolean) => void;
  clinicName?: (clientId: number) => string;
}) {
  return (
    <div className="adm-table-scroll">
      <table className="adm-table adm-leads-table">
        <TableHead
          lead={
            selected && (
              <th scope="col" className="adm-leads-table__select">
                <span className="adm-sr-only">Selected</span>
              </th>
            )
          }
          columns={['Lead', clinicName && 'Clinic', 'Contact', 'Service', 'Source', 'Received', 'Status']}
        />
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.id} aria-selected={selected ? selected.has(lead.id) : undefined}>
              {selected && (
                <td className="adm-leads-table__select">
                  <label className="adm-leads-table__check">
                    <input type="checkbox" checked={selected.has(lead.id)} onChange={(event) => onSelect?.(lead.id, event.target.checked)} />
                    <span className="adm-sr-only">Select {lead.name}</span>
                  </label>
                </td>
              )}
              <td data-label="Lead">
                <div className="adm-lead-cell">
                  <button type="button" className="adm-link-button" onClick={() => onOpen(lead.id)} aria-label={`Open ${lead.name}`}>
                    {lead.name}
                  </button>
                  <span className="adm-muted adm-mono">{lead.reference.slice(0, 8)}</span>
                  {lead.assigneeName && <span className="adm-muted">Assigned to {lead.assigneeName}</span>}
                  {'failedDeliveries' in lead && lead.failedDeliveries > 0 && (
                    <span className="adm-badge adm-badge--danger">
                      <AlertTriangle size={12} aria-hidden />
                      {lead.failedDeliveries === 1 ? 'Delivery failed' : `${lead.failedDeliveries} deliveries failed`}
                    </span>
                  )}
                </div>
              </td>
              {clinicName && <td data-label="Clinic">{clinicName(lead.clientId)}</td>}
              <td data-label="Contact">
                <LeadContact lead={lead} />
              </td>
              <td data-label="Service">{lead.serviceName ?? <span className="adm-muted">Service #{lead.serviceId}</span>}</td>
              <td data-label="Source">
                <div className="adm-badges">
                  {lead.styleVariant && <span className="adm-badge">Style {lead.styleVariant.toUpperCase()}</span>}
                  {lead.utmSource && <span className="adm-badge adm-badge--neutral">{lead.utmSource}</span>}
                  {!lead.styleVariant && !lead.utmSource && <span className="adm-muted">Direct</span>}
                </div>
                {lead.utmCampaign && <span className="adm-muted adm-ellipsis">{lead.utmCampaign}</span>}
              </td>
              <td data-label="Received">
                <time dateTime={lead.createdAt} className="adm-received">
                  <span>{new Date(lead.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}</span>
                  <span className="adm-muted">{new Date(lead.createdAt).toLocaleTimeString(undefined, { timeStyle: 'short' })}</span>
                </time>
              </td>
              <td data-label="Status">
                <StatusSelect lead={lead} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A lead's e-mail and phone as links (the list's Contact column, the detail's Contact section). */
export function LeadContact({ lead }: { lead: { email: string; phone: string } }) {
  return (
    <div className="adm-contact">
      <a className="adm-contact__line" href={`mailto:${lead.email}`}>
        <Mail size={14} aria-hidden />
        {lead.email}
      </a>
      <a className="adm-contact__line" href={telHref(lead.phone)}>
        <Phone size={14} aria-hidden />
        {lead.phone}
      </a>
    </div>
  );
}
