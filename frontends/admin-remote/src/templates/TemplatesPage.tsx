import { useState } from 'react';
import { Link } from 'react-router';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from '../pages/PageHeader';
import { Tabs } from '../pages/Tabs';
import { BrowseTemplates } from './BrowseTemplates';
import { CreateTemplate } from './CreateTemplate';
import './templates.css';

type Tab = 'browse' | 'create';
const TABS: ReadonlyArray<{ id: Tab; label: string }> = [
  { id: 'browse', label: 'Browse Templates' },
  { id: 'create', label: 'Create New Template' },
];

/** docs/admin.md#templates Service Templates: Browse Templates and Create New Template. */
export function TemplatesPage() {
  useDocumentTitle(adminTitle('Service Templates'));
  const [tab, setTab] = useState<Tab>('browse');

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
      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Service templates" idPrefix="tpl" />
      <div id={`tpl-panel-${tab}`} role="tabpanel" aria-labelledby={`tpl-tab-${tab}`}>
        {tab === 'browse' ? <BrowseTemplates /> : <CreateTemplate onCreated={() => setTab('browse')} />}
      </div>
    </>
  );
}
