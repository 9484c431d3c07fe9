import { auditClinicOf, describeAudit, routes, type AuditLogEntry, type AuditPage as AuditPageData } from '@hap/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useClients } from '../clients/clients-query';
import { api } from '../lib/api';
import { useAuthUser } from '../lib/auth';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from '../pages/PageHeader';
import './audit.css';
import { EmptyState } from '../pages/EmptyState';
import { LabelledOptions } from '../forms/Options';

const SERVICES = ['tenant', 'templates', 'leads', 'ads'] as const;
type Service = (typeof SERVICES)[number];
const OPERATION = { tenant: routes.listTenantAuditLog, templates: routes.listTemplatesAuditLog, leads: routes.listLeadsAuditLog, ads: routes.listAdsAuditLog };
/** The Service filter's words: what each service's entries are about. */
const SERVICE_LABEL: Record<Service, string> = {
  tenant: 'Clients & staff',
  templates: 'Services & templates',
  leads: 'Leads',
  ads: 'Google Ads',
};
const PERIODS = { all: 0, day: 1, week: 7, month: 30 } as const;
type Period = keyof typeof PERIODS;
const PAGE_SIZE = 25;

/** The keys whose values differ between before and after, old → new. */
export function changedKeys(entry: AuditLogEntry): Array<{ key: string; before: unknown; after: unknown }> {
  const before = entry.changes.before ?? {};
  const after = entry.changes.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ key, before: before[key], after: after[key] }));
}


/** What ids stand for when the entry itself does not say (entries older than names): this admin, the clinics. */
export interface NameBook {
  me: { id: number; email: string } | null;
  clients: ReadonlyMap<number, string>;
}

/** Who made the change: the e-mail it was written with; older entries name this admin, or say the e-mail was not kept. */
export function actorOf(entry: AuditLogEntry, book: NameBook): string {
  // A clinic user in the portal: their name, e-mail and role.
  if (entry.names.actorRole) return `${entry.names.actorName ? `${entry.names.actorName} <${entry.actorEmail ?? '?'}>` : (entry.actorEmail ?? 'A clinic user')} (${entry.names.actorRole})`;
  if (entry.actorEmail) return entry.actorEmail;
  if (entry.actorUserId === null) return entry.service === 'ads' && entry.entity === 'offline_conversion' ? 'Leads (automatic)' : 'System';
  if (book.me && book.me.id === entry.actorUserId) return book.me.email;
  return `An admin (user ${entry.actorUserId}, e-mail not recorded)`;
}

/** The entry in words, by the names it was written with (contracts describeAudit); older entries name their clinic from the list. */
export function describe(entry: AuditLogEntry, book?: NameBook): string {
  return describeAudit(entry, { clinicName: (id) => book?.clients.get(id) });
}

/** The clinic, service and account the entry is about, by name where known (never a bare id). */
export function contextOf(entry: AuditLogEntry, book: NameBook): string[] {
  const client = auditClinicOf(entry, { clinicName: (id) => book.clients.get(id) });
  const service = entry.names.service;
  const account = entry.names.account;
  return [
    client && entry.entity !== 'client' ? `Client: ${client}` : undefined,
    service && entry.entity !== 'client_service' ? `Service: ${service}` : undefined,
    account ? `Account: ${account}` : undefined,
  ].filter((part): part is string => part !== undefined);
}

const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

export function AuditPage() {
  useDocumentTitle(adminTitle('Audit Log'));
  const [service, setService] = useState<'all' | Service>('all');
  const [entity, setEntity] = useState('');
  const [period, setPeriod] = useState<Period>('week');
  const wanted = service === 'all' ? SERVICES : [service];
  const log = useInfiniteQuery({
    queryKey: ['audit-log', service, entity.trim(), period],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      // The period counts back from when each page is fetched (a few seconds apart at most).
      const from = PERIODS[period] ? new Date(Date.now() - PERIODS[period] * 86_400_000).toISOString() : undefined;
      const query = { page: String(pageParam), pageSize: String(PAGE_SIZE), ...(entity.trim() && { entity: entity.trim() }), ...(from && { from }) };
      const pages = await Promise.all(wanted.map((name) => api.call(OPERATION[name], { query }) as Promise<AuditPageData>));
      return { page: pageParam, more: pages.some((p) => p.page * p.pageSize < p.total), items: pages.flatMap((p) => p.items) };
    },
    getNextPageParam: (last) => (last.more ? last.page + 1 : undefined),
  });
  const items = (log.data?.pages.flatMap((p) => p.items) ?? []).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const user = useAuthUser();
  const clients = useClients();
  const book: NameBook = {
    me: user.data ? { id: user.data.id, email: user.data.email } : null,
    clients: new Map((clients.data ?? []).map((c) => [c.id, c.name])),
  };

  return (
    <div className="aud-page">
      <PageHeader title="Audit Log" description="Every admin change and everything that spends money: who, what, for which clinic, when, before and after." />
      <form className="aud-filters" onSubmit={(event) => event.preventDefault()}>
        <label className="adm-field">
          <span className="adm-label">Service</span>
          <select className="adm-input" value={service} onChange={(e) => setService(e.target.value as 'all' | Service)}>
            <option value="all">All services</option>
            <LabelledOptions values={SERVICES} labels={SERVICE_LABEL} />
          </select>
        </label>
        <label className="adm-field">
          <span className="adm-label">Entity</span>
          <input className="adm-input" value={entity} placeholder="client, campaign_launch…" onChange={(e) => setEntity(e.target.value)} />
        </label>
        <label className="adm-field">
          <span className="adm-label">Period</span>
          <select className="adm-input" value={period} onChange={(e) => setPeriod(e.target.value as Period)}>
            <option value="day">Last 24 hours</option>
            <option value="week">Last 7 days</option>
            <option value="month">Last 30 days</option>
            <option value="all">All time</option>
          </select>
        </label>
      </form>
      {log.isPending ? (
        <p className="adm-loading" role="status">Loading the audit log…</p>
      ) : log.isError ? (
        <EmptyState role="alert" title="Failed to load the audit log" text={log.error.message} />
      ) : items.length === 0 ? (
        <EmptyState title="No changes recorded" text="Nothing matches these filters." />
      ) : (
        <ul className="aud-list">
          {items.map((entry) => (
            <AuditRow key={`${entry.service}-${entry.id}`} entry={entry} book={book} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <button type="button" className="adm-button adm-button--secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </div>
  );
}

function AuditRow({ entry, book }: { entry: AuditLogEntry; book: NameBook }) {
  const diff = changedKeys(entry);
  const context = contextOf(entry, book);
  return (
    <li className="aud-entry">
      <details>
        <summary className="aud-summary">
          <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
          <span className="aud-actor">{actorOf(entry, book)}</span>
          <span className="aud-service">{SERVICE_LABEL[entry.service]}</span>
          <span className="aud-what">
            {describe(entry, book)}
            {context.length > 0 && <span className="aud-context">{context.join(' · ')}</span>}
          </span>
        </summary>
        <p className="aud-ref adm-muted">
          {entry.entity} #{entry.entityId}
          {entry.requestId && ` · request ${entry.requestId}`}
        </p>
        {diff.length === 0 ? (
          <p className="adm-muted">No field changes recorded.</p>
        ) : (
          <dl className="aud-diff">
            {diff.map(({ key, before, after }) => (
              <div key={key} className="aud-diff__row">
                <dt>{key}</dt>
                <dd>
                  <del>{show(before)}</del> → <ins>{show(after)}</ins>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </details>
    </li>
  );
}
