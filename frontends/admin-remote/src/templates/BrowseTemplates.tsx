import { LoadFailed } from '../pages/LoadFailed';
import type { ServiceTemplate } from '@hap/contracts';
import { ExternalLink, FileText, GitBranch, Pencil, Search } from 'lucide-react';
import { Link } from 'react-router';
import { useMemo, useState } from 'react';
import { LoadingPanel } from '../pages/LoadingPanel';
import { TemplateEditDialog } from './TemplateEditDialog';
import { ALL_CATEGORIES, categoriesOf, filterTemplates, templatePreviewUrl } from './templates-filter';
import { useServiceTemplates } from './templates-query';
import { TableHead } from '../pages/TableHead';
import { EmptyState } from '../pages/EmptyState';

/** docs/admin.md#templates Browse: search, category filter, the table and '{shown} of {total} templates'. */
export function BrowseTemplates() {
  const templates = useServiceTemplates();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [editing, setEditing] = useState<ServiceTemplate | null>(null);
  const all = useMemo(() => templates.data ?? [], [templates.data]);
  const shown = useMemo(() => filterTemplates(all, search, category), [all, search, category]);
  const categories = useMemo(() => categoriesOf(all), [all]);

  if (templates.isPending) {
    return (
      <LoadingPanel card label="Loading templates..." />
    );
  }
  if (templates.isError) {
    return (
      <LoadFailed card title="Failed to fetch templates" message={templates.error.message} onRetry={() => void templates.refetch()} />
    );
  }

  return (
    <section className="adm-card adm-table-card">
      <div className="tpl-toolbar">
        <div className="tpl-search">
          <Search size={16} aria-hidden className="tpl-search__icon" />
          <input
            className="adm-input tpl-search__input"
            type="search"
            placeholder="Search templates..."
            aria-label="Search templates"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <select className="adm-input tpl-toolbar__select" aria-label="Category" value={category} onChange={(event) => setCategory(event.target.value)}>
          <option value={ALL_CATEGORIES}>All Categories</option>
          {categories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={<FileText size={32} aria-hidden className="adm-empty__icon" />} title={all.length === 0 ? 'No templates found' : 'No templates match your filters'} />
      ) : (
        <div className="adm-table-scroll">
          <table className="adm-table tpl-table">
            <TableHead columns={['Template', 'Category', 'Slug']} actions="adm-table__actions" />
            <tbody>
              {shown.map((t) => (
                <tr key={t.id}>
                  <td data-label="Template">
                    <span className="adm-client__name">{t.name}</span>
                    <span className="adm-muted tpl-description">{t.description}</span>
                  </td>
                  <td data-label="Category">
                    <span className="adm-badge">{t.category}</span>
                  </td>
                  <td data-label="Slug">
                    <code className="tpl-slug">{t.slug}</code>
                  </td>
                  <td className="adm-table__actions tpl-actions" data-label="Actions">
                    <button type="button" className="adm-button adm-button--secondary" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
                      <Pencil size={16} aria-hidden />
                      Edit
                    </button>
                    <Link className="adm-button adm-button--secondary" to={`/admin/templates/${t.id}/rollout`} aria-label={`Versions and clinics of ${t.name}`}>
                      <GitBranch size={16} aria-hidden />
                      Versions
                    </Link>
                    <a
                      className="adm-button adm-button--secondary"
                      href={templatePreviewUrl(t.slug)}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`Preview ${t.name} (opens in a new tab)`}
                    >
                      <ExternalLink size={16} aria-hidden />
                      Preview
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="adm-table-card__count" aria-live="polite">
        {shown.length} of {all.length} templates
      </p>
      <TemplateEditDialog template={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
