import { activeTemplateOf, ApiError, routes, type ActiveTemplate, type ServiceTemplate } from '@hap/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { LayoutTemplate, LoaderCircle, RefreshCw, Save } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ClinicSelect } from '../clients/ClinicSelect';
import { useClients } from '../clients/clients-query';
import { api } from '../lib/api';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { useServiceTemplates } from '../templates/templates-query';
import { useToast } from '../toast/toaster';
import { clientServicePagesKey, clientTemplatesKey, useClientServicePages, useClientTemplates } from './activated-query';
import { clientFromSearch, countActive, isTemplateActive, REFETCH_AFTER_TOGGLE_MS } from './template-activation';
import './activated.css';
import { EmptyState } from '../pages/EmptyState';

/**
 * Activated templates (docs/admin.md#services, docs/admin.md#roles): for one client
 * (`?client=`, 1 by default) every service template with a checkbox;
 * checking activates it for the client, unchecking deactivates it.
 */
export function ActivatedTemplatesPage() {
  useDocumentTitle(adminTitle('Activated Templates'));
  const [search, setSearch] = useSearchParams();
  const clientId = clientFromSearch(search.get('client'));
  const clients = useClients();
  const templates = useServiceTemplates();
  const active = useClientTemplates(clientId);
  const pages = useClientServicePages(clientId);
  const queryClient = useQueryClient();
  const toast = useToast();
  // Template id → the state asked for, while its call runs (the checkbox shows it at once).
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const refetch = useCallback(
    (id: number) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientTemplatesKey(id) }),
        queryClient.invalidateQueries({ queryKey: clientServicePagesKey(id) }),
      ]),
    [queryClient],
  );

  const client = clients.data?.find((c) => c.id === clientId);
  const clientName = client?.name ?? `Client ${clientId}`;

  const toggle = async (template: ServiceTemplate, activate: boolean) => {
    setPending((p) => new Map(p).set(template.id, activate));
    try {
      if (activate) {
        const result = await api.call(routes.activateTemplate, { body: { clientId, templateId: template.id } });
        queryClient.setQueryData<ActiveTemplate[]>(clientTemplatesKey(clientId), (list = []) =>
          isTemplateActive(template, list)
            ? list
            : [
                ...list,
                activeTemplateOf(template, { id: result.clientService.id, customTitle: null, customDescription: null, heroBackgroundPath: null }),
              ],
        );
        toast({
          title: result.alreadyActive ? 'Template already active' : 'Template activated',
          description: `${template.name} is active for ${clientName}.`,
        });
      } else {
        const query = { clientId: String(clientId), templateId: String(template.id) };
        try {
          await api.call(routes.deactivateTemplate, { query });
        } catch (error) {
          // Running Google Ads campaigns point to the page (docs/admin.md#page-paths): the API's words, asked first.
          if (!(error instanceof ApiError && error.status === 409 && error.issues?.some((i) => i.path === 'confirm'))) throw error;
          if (!window.confirm(`${error.message}\n\nDeactivate ${template.name} for ${clientName} anyway?`)) {
            toast({ title: 'Template kept active', description: `${template.name} stays active for ${clientName}.` });
            return;
          }
          await api.call(routes.deactivateTemplate, { query: { ...query, confirm: 'true' } });
        }
        queryClient.setQueryData<ActiveTemplate[]>(clientTemplatesKey(clientId), (list = []) =>
          list.filter((entry) => !isTemplateActive(template, [entry])),
        );
        toast({ title: 'Template deactivated', description: `${template.name} is no longer active for ${clientName}.` });
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: activate ? 'Could not activate the template' : 'Could not deactivate the template',
        description: error instanceof Error ? error.message : 'Please try again.',
      });
    } finally {
      setPending((p) => {
        const next = new Map(p);
        next.delete(template.id);
        return next;
      });
      timers.current.push(window.setTimeout(() => void refetch(clientId), REFETCH_AFTER_TOGGLE_MS));
    }
  };

  const save = async () => {
    try {
      await refetch(clientId);
      toast({ title: 'Changes saved', description: `The activated templates of ${clientName} are up to date.` });
    } catch (error) {
      toast({ title: 'Failed to refresh', description: (error as Error).message, variant: 'destructive' });
    }
  };

  const pickClient = (id: number) => {
    const next = new URLSearchParams(search);
    next.set('client', String(id));
    setSearch(next);
  };

  const list = templates.data ?? [];
  const activeList = active.data ?? [];
  const activeCount = countActive(list, activeList);
  const failed = templates.isError ? templates : active.isError ? active : null;

  return (
    <>
      <PageHeader
        title="Activated Templates"
        description="Choose which service templates a clinic offers: an active template gets its own service page."
        actions={
          <Link className="adm-button adm-button--secondary" to="/admin/templates">
            <LayoutTemplate size={16} aria-hidden />
            Service Templates
          </Link>
        }
      />

      <div className="adm-card act-toolbar">
        <ClinicSelect
          id="act-client"
          label="Client"
          className="act-toolbar__client"
          value={clientId}
          onChange={(value) => pickClient(Number(value))}
          clients={clients.data}
          disabled={!clients.data}
          first={!client && <option value={clientId}>Client {clientId}</option>}
          after={clients.isError && <p className="adm-field__error">Failed to load clients. Please refresh the page.</p>}
        />
        <div className="act-toolbar__summary">
          <h2 className="act-toolbar__name">{clientName}</h2>
          {templates.data && active.data && (
            <p className="act-count" aria-live="polite">
              <strong>{activeCount}</strong> of {list.length} active
            </p>
          )}
        </div>
        <button
          type="button"
          className="adm-button adm-button--primary act-toolbar__save"
          onClick={() => void save()}
          // Not disabled while a refetch runs: the 0.5 s refetch after a toggle could otherwise
          // disable it under a click that was already on its way, and the click would be lost.
          disabled={!active.data}
        >
          {active.isFetching ? <LoaderCircle size={16} className="adm-spin" aria-hidden /> : <Save size={16} aria-hidden />}
          Save Changes
        </button>
      </div>

      <section className="adm-card act-list-card" aria-label={`Templates for ${clientName}`}>
        {failed ? (
          <EmptyState role="alert" title={templates.isError ? 'Failed to load templates' : 'Failed to load the client’s active templates'} text={failed.error?.message}>
            <button
              type="button"
              className="adm-button adm-button--primary"
              onClick={() => {
                if (templates.isError) void templates.refetch();
                if (active.isError) void active.refetch();
              }}
            >
              <RefreshCw size={16} aria-hidden />
              Try Again
            </button>
          </EmptyState>
        ) : !templates.data || !active.data ? (
          <LoadingPanel label="Loading templates..." />
        ) : list.length === 0 ? (
          <EmptyState icon={<LayoutTemplate size={32} aria-hidden className="adm-empty__icon" />} title="No templates yet" text="Create a service template first; it can then be activated for any clinic.">
            <Link className="adm-button adm-button--primary" to="/admin/templates">
              Go to Service Templates
            </Link>
          </EmptyState>
        ) : (
          <ul className="act-list">
            {list.map((template) => {
              const busy = pending.has(template.id);
              const on = pending.get(template.id) ?? isTemplateActive(template, activeList);
              const page = pages.data?.find((p) => p.templateId === template.id && p.isActive);
              const inputId = `act-template-${template.id}`;
              return (
                <li key={template.id} className={on ? 'act-item act-item--on' : 'act-item'}>
                  <input
                    id={inputId}
                    type="checkbox"
                    className="act-item__check"
                    checked={on}
                    disabled={busy}
                    aria-labelledby={`${inputId}-name`}
                    aria-describedby={`${inputId}-meta`}
                    onChange={(event) => void toggle(template, event.target.checked)}
                  />
                  <label htmlFor={inputId} className="act-item__text">
                    <span id={`${inputId}-name`} className="act-item__name">
                      {template.name}
                    </span>
                    <span id={`${inputId}-meta`} className="act-item__meta">
                      {template.category} · <code>{template.slug}</code>
                    </span>
                  </label>
                  <span className="act-item__state">
                    {busy ? (
                      <>
                        <LoaderCircle size={14} className="adm-spin" aria-hidden />
                        Saving…
                      </>
                    ) : on ? (
                      page ? (
                        <a href={`/${page.path}?client=${clientId}`} target="_blank" rel="noreferrer" className="act-item__page">
                          /{page.path}
                          <span className="adm-sr-only"> (opens the service page in a new tab)</span>
                        </a>
                      ) : (
                        <span className="adm-badge">Active</span>
                      )
                    ) : (
                      <span className="act-item__off">Inactive</span>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}

