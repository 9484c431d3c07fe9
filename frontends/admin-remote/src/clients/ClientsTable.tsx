import { assetUrl, type Client } from '@hap/contracts';
import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { ClientActions, type ClientActionHandlers } from './ClientActions';
import { crmBadge } from './crm-status';
import { TableHead } from '../pages/TableHead';

/** One page of clinics; `footer` is the pager, `sortedBy` the name order when the page is sorted by name. */
export function ClientsTable({
  clients,
  actions,
  creatingCrmFor,
  busy = false,
  sortedBy = null,
  footer,
}: {
  clients: Client[];
  actions: ClientActionHandlers;
  creatingCrmFor: number | null;
  busy?: boolean;
  sortedBy?: 'asc' | 'desc' | null;
  footer?: ReactNode;
}) {
  return (
    <section className="adm-card adm-table-card" aria-label="Clients" aria-busy={busy}>
      <div className="adm-table-scroll">
        <table className="adm-table">
          <TableHead
            lead={
              <th scope="col" aria-sort={sortedBy === 'asc' ? 'ascending' : sortedBy === 'desc' ? 'descending' : undefined}>
                Client Name
              </th>
            }
            columns={['Contact', 'Assets', 'CRM']}
            actions="adm-table__actions"
          />
          <tbody>
            {clients.map((client) => (
              <ClientRow key={client.id} client={client} actions={actions} creatingCrm={creatingCrmFor === client.id} />
            ))}
          </tbody>
        </table>
      </div>
      {footer ?? (
        <p className="adm-table-card__count">
          {clients.length} {clients.length === 1 ? 'client' : 'clients'}
        </p>
      )}
    </section>
  );
}

function ClientRow({ client, actions, creatingCrm }: { client: Client; actions: ClientActionHandlers; creatingCrm: boolean }) {
  return (
    <tr>
      <td data-label="Client Name">
        <div className="adm-client">
          <ClientLogo client={client} />
          <div className="adm-client__text">
            <span className="adm-client__name">{client.name}</span>
            {client.domain && <span className="adm-muted">{client.domain}</span>}
          </div>
        </div>
      </td>
      <td data-label="Contact">
        <div className="adm-contact">
          {client.phone && (
            <span className="adm-contact__line">
              <Phone size={14} aria-hidden />
              {client.phone}
            </span>
          )}
          {client.email && (
            <span className="adm-contact__line">
              <Mail size={14} aria-hidden />
              {client.email}
            </span>
          )}
          {!client.phone && !client.email && <span className="adm-muted">No contact details</span>}
        </div>
      </td>
      <td data-label="Assets">
        <div className="adm-badges">
          {client.logoPath && <span className="adm-badge">Logo</span>}
          {client.officeImagePath && <span className="adm-badge">Office</span>}
          {!client.logoPath && !client.officeImagePath && <span className="adm-muted">None</span>}
        </div>
      </td>
      <td data-label="CRM">
        <CrmCell client={client} creating={creatingCrm} />
      </td>
      <td className="adm-table__actions" data-label="Actions">
        <ClientActions client={client} {...actions} />
      </td>
    </tr>
  );
}

function ClientLogo({ client }: { client: Client }) {
  const logo = assetUrl(client.logoPath);
  if (logo) {
    return <img className="adm-client__logo" src={logo} alt="" width={40} height={40} loading="lazy" />;
  }
  return (
    <span className="adm-client__initial" style={{ backgroundColor: client.brandColor }} aria-hidden>
      {client.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/** The clinic's CRM sub-account: its state, and the sub-account's name or GoHighLevel's words on a failure. */
function CrmCell({ client, creating }: { client: Client; creating: boolean }) {
  if (creating) {
    return (
      <span className="adm-badge adm-badge--warning" role="status">
        Creating CRM account…
      </span>
    );
  }
  const badge = crmBadge(client);
  return (
    <div className="adm-crm">
      <span className={`adm-badge adm-badge--${badge.tone}`}>{badge.label}</span>
      {badge.detail && <span className={`adm-crm__detail${badge.tone === 'danger' ? ' adm-crm__detail--danger' : ''}`}>{badge.detail}</span>}
    </div>
  );
}
