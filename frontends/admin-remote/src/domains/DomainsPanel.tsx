import { CustomDomainCreateSchema, type CustomDomain, type DnsRecord } from '@hap/contracts';
import { Copy, Globe, Info, LoaderCircle, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { errorAria, FormField } from '../auth/FormField';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { useToast } from '../toast/toaster';
import { DomainCampaigns } from './DomainCampaigns';
import { checkOutcomeOf, fieldErrorOf, nameViewOf, STATUS_VIEW, whenOf } from './domain-rules';
import { useAddDomain, useCheckDomain, useDomains, useRemoveDomain, type DomainsScope } from './domains-query';
import './domains.css';
import { EmptyState } from '../pages/EmptyState';

/**
 * A clinic's own domains: the add form, then each domain with its
 * status in words, the DNS records to set (each value with a Copy button and
 * the provider-neutral words for where it goes), when it was checked and is
 * checked next, Check now and Remove. The admin's client screen and the
 * portal's Domains page; `canEdit` false (portal staff, an agency's read-only
 * view) shows the same without the form and buttons.
 */
export function DomainsPanel({ scope, canEdit, readOnlyNote }: { scope: DomainsScope; canEdit: boolean; readOnlyNote?: string }) {
  const domains = useDomains(scope);
  return (
    <div className="dom-panel">
      {canEdit ? (
        <AddDomainForm scope={scope} />
      ) : (
        <p className="adm-card dom-note" role="note">
          <Info size={18} aria-hidden className="dom-note__icon" />
          <span>{readOnlyNote ?? 'Only the clinic’s owners can add, check or remove domains.'}</span>
        </p>
      )}
      <section aria-labelledby="dom-list-title" className="dom-list">
        <h2 id="dom-list-title" className="dom-list__title">
          Domains {domains.data && <span className="adm-badge">{domains.data.length}</span>}
        </h2>
        {domains.isPending ? (
          <LoadingPanel card label="Loading domains..." />
        ) : domains.isError ? (
          <LoadFailed card heading="h3" title="Failed to load domains" message={domains.error.message} onRetry={() => void domains.refetch()} />
        ) : domains.data.length === 0 ? (
          <EmptyState card frame="div" icon={<Globe size={28} aria-hidden className="adm-empty__icon" />} heading="h3" title="No domain yet" text={canEdit ? 'Add the clinic’s own domain above: its pages and ads then use it.' : 'The clinic’s pages use the platform’s address until a domain is added.'} />
        ) : (
          domains.data.map((d) => <DomainCard key={d.domain} domain={d} scope={scope} canEdit={canEdit} />)
        )}
      </section>
    </div>
  );
}

/** The add form: checked by the API's own schema first, then the API's refusals (host name rules, taken, not configured) at the field. */
function AddDomainForm({ scope }: { scope: DomainsScope }) {
  const id = useId();
  const toast = useToast();
  const add = useAddDomain(scope);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CustomDomainCreateSchema.safeParse({ domain: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: (added) => {
        setValue('');
        toast({ title: 'Domain added', description: `Set the ${added.records.length} DNS records shown for ${added.unicode}; it turns verified once they are found.` });
      },
      onError: (failure) => {
        const atField = fieldErrorOf(failure);
        if (atField) setError(atField);
        else toast({ title: 'Could not add the domain', description: failure.message, variant: 'destructive' });
      },
    });
  };

  const field = `${id}-domain`;
  return (
    <section className="adm-card dom-add" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="dom-add__title">
        Add a domain
      </h2>
      <form className="dom-add__form" noValidate onSubmit={submit}>
        <FormField id={field} label="Domain" error={error ?? undefined} required>
          <input
            id={field}
            className="adm-input"
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="e.g. www.clinic.com"
            aria-required
            {...errorAria(`${field}`, error, `${field}-hint`)}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </FormField>
        <button type="submit" className="adm-button adm-button--primary dom-add__submit" disabled={add.isPending}>
          {add.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Plus size={16} aria-hidden />}
          Add domain
        </button>
      </form>
      <p id={`${field}-hint`} className="dom-hint">
        The host name only, without https://. A subdomain such as www.clinic.com needs one CNAME record; the records to set appear below once it is added.
      </p>
    </section>
  );
}

function DomainCard({ domain: d, scope, canEdit }: { domain: CustomDomain; scope: DomainsScope; canEdit: boolean }) {
  const id = useId();
  const toast = useToast();
  const check = useCheckDomain(scope);
  const remove = useRemoveDomain(scope);
  const [confirming, setConfirming] = useState(false);
  const view = STATUS_VIEW[d.status];
  const name = nameViewOf(d);
  const live = d.status !== 'pending' && d.status !== 'failing';

  const checkNow = () =>
    check.mutate(d.domain, {
      onSuccess: (checked) => {
        const outcome = checkOutcomeOf(checked);
        toast({ title: outcome.title, description: outcome.description, variant: outcome.failed ? 'destructive' : 'default' });
      },
      onError: (failure) => toast({ title: 'Could not check the domain', description: failure.message, variant: 'destructive' }),
    });
  const removeNow = () =>
    remove.mutate(d.domain, {
      onSuccess: () => toast({ title: 'Domain removed', description: `${d.domain} no longer shows the clinic’s pages.` }),
      onError: (failure) => toast({ title: 'Could not remove the domain', description: failure.message, variant: 'destructive' }),
    });

  return (
    <article className="adm-card dom-card" aria-labelledby={`${id}-name`}>
      <header className="dom-card__head">
        <h3 id={`${id}-name`} className="dom-card__name">
          {name.heading}
        </h3>
        <span className={view.badge} data-status={d.status}>
          {view.label}
        </span>
      </header>
      {name.ascii && <p className="dom-card__ascii">Stored and served as {name.ascii}</p>}
      {name.warning && (
        <p className="dom-card__warning" role="note">
          {name.warning}
        </p>
      )}
      <p className={`dom-card__state dom-card__state--${d.status}`} role="status">
        {d.reason ?? view.meaning}
      </p>
      <dl className="dom-times">
        <div>
          <dt>Added</dt>
          <dd>{whenOf(d.createdAt, '')}</dd>
        </div>
        <div>
          <dt>Last checked</dt>
          <dd>{whenOf(d.lastCheckedAt, 'Not yet')}</dd>
        </div>
        {d.failingSince && (
          <div>
            <dt>Failing since</dt>
            <dd>{whenOf(d.failingSince, '')}</dd>
          </div>
        )}
        {d.lastHealthCheckAt && (
          <div>
            <dt>Last health check</dt>
            <dd>{whenOf(d.lastHealthCheckAt, '')}</dd>
          </div>
        )}
        {d.certificateExpiresAt && (
          <div>
            <dt>Certificate valid until</dt>
            <dd>{whenOf(d.certificateExpiresAt, '')}</dd>
          </div>
        )}
        {d.verifiedAt ? (
          <div>
            <dt>Verified at</dt>
            <dd>{whenOf(d.verifiedAt, '')}</dd>
          </div>
        ) : (
          <div>
            <dt>Next check</dt>
            <dd>{whenOf(d.nextCheckAt, d.status === 'failing' ? 'Only when you check now' : 'Not planned')}</dd>
          </div>
        )}
      </dl>
      {scope.kind === 'admin' && d.status === 'failing' && d.failingSince && <DomainCampaigns clientId={scope.clientId} domain={d.domain} />}
      <h4 className="dom-records__title">{live ? 'DNS records (keep them in place)' : 'DNS records to set at the domain’s DNS provider'}</h4>
      <Records domain={d.domain} records={d.records} />
      {canEdit &&
        (confirming ? (
          <div className="dom-confirm" role="group" aria-label={`Remove ${d.domain}?`}>
            <span className="dom-confirm__text">
              Remove {d.domain}? {live ? 'The clinic’s pages stop being served on it.' : 'Its claim and records are forgotten.'}
            </span>
            <button type="button" className="adm-button adm-button--secondary" onClick={() => setConfirming(false)}>
              Keep
            </button>
            <button type="button" className="adm-button adm-button--danger" disabled={remove.isPending} onClick={removeNow}>
              {remove.isPending && <LoaderCircle size={16} aria-hidden className="adm-spin" />}
              Remove
            </button>
          </div>
        ) : (
          <div className="dom-card__actions">
            <button type="button" className="adm-button adm-button--secondary" disabled={check.isPending} onClick={checkNow} aria-label={`Check ${d.domain} now`}>
              {check.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <RefreshCw size={16} aria-hidden />}
              Check now
            </button>
            <button type="button" className="adm-button adm-button--ghost dom-remove" onClick={() => setConfirming(true)} aria-label={`Remove ${d.domain}`}>
              <Trash2 size={16} aria-hidden />
              Remove
            </button>
          </div>
        ))}
    </article>
  );
}

/** The records as a table (type, name, value with Copy), each followed by its words; stacked on phones. */
function Records({ domain, records }: { domain: string; records: readonly DnsRecord[] }) {
  const toast = useToast();
  const copy = async (record: DnsRecord) => {
    try {
      await navigator.clipboard.writeText(record.value);
      toast({ title: 'Copied', description: `The ${record.type} record’s value is on the clipboard.` });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the value and copy it yourself.', variant: 'destructive' });
    }
  };
  return (
    // Explicit roles: on phones the rows stack (display: block), which would otherwise drop the table's semantics.
    <table className="dom-records" role="table">
      <caption className="adm-sr-only">DNS records for {domain}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            Type
          </th>
          <th scope="col" role="columnheader">
            Name
          </th>
          <th scope="col" role="columnheader">
            Value
          </th>
        </tr>
      </thead>
      {records.map((r) => (
        <tbody key={`${r.type} ${r.name} ${r.value}`} className="dom-record" role="rowgroup">
          <tr role="row">
            <td data-label="Type" role="cell">
              <span className="dom-type">{r.type}</span>
            </td>
            <td data-label="Name" role="cell">
              <code className="dom-code">{r.name}</code>
            </td>
            <td data-label="Value" role="cell">
              <span className="dom-value">
                <code className="dom-code">{r.value}</code>
                <button type="button" className="adm-button adm-button--secondary dom-copy" onClick={() => void copy(r)} aria-label={`Copy the ${r.type} value`}>
                  <Copy size={14} aria-hidden />
                  Copy
                </button>
              </span>
            </td>
          </tr>
          <tr className="dom-record__help" role="row">
            <td colSpan={3} role="cell">
              {r.help}
            </td>
          </tr>
        </tbody>
      ))}
    </table>
  );
}
