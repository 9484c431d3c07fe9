import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from '../pages/PageHeader';
import { BrowseTemplates } from './BrowseTemplates';
import { CreateTemplate } from './CreateTemplate';
import './templates.css';

type Tab = 'browse' | 'create';
const TABS: ReadonlyArray<{ id: Tab; label: string }> = [
  { id: 'browse', label: 'Browse Templates' },
  { id: 'create', label: 'Create New Template' },
];

/** admin spec §2.11 Service Templates: Browse Templates and Create New Template. */
export function TemplatesPage() {
  useDocumentTitle(adminTitle('Service Templates'));
  const [tab, setTab] = useState<Tab>('browse');

  // WAI-ARIA tabs: arrow keys move between tabs, the selected one is the only tab stop.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = TABS[(TABS.findIndex((t) => t.id === tab) + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    setTab(next.id);
    document.getElementById(`tpl-tab-${next.id}`)?.focus();
  };

  return (
    <>
      <PageHeader
        title="Service Templates"
        description="The shared templates that every clinic's service pages are built from."
        actions={
          <Link className="adm-button adm-button--secondary" to="/admin/templates/activated?client=1">
            Activated templates
          </Link>
        }
      />
      <div className="adm-tabs" role="tablist" aria-label="Service templates">
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`tpl-tab-${t.id}`}
            type="button"
            role="tab"
            className="adm-tabs__tab"
            aria-selected={tab === t.id}
            aria-controls={`tpl-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={onKeyDown}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`tpl-panel-${tab}`} role="tabpanel" aria-labelledby={`tpl-tab-${tab}`}>
        {tab === 'browse' ? <BrowseTemplates /> : <CreateTemplate onCreated={() => setTab('browse')} />}
      </div>
    </>
  );
}
