import { routes, type TemplateClinic, type TemplateRollout } from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api';
import { adminTitle, useDocumentTitle } from '../../lib/use-document-title';
import { LoadFailed } from '../../pages/LoadFailed';
import { LoadingPanel } from '../../pages/LoadingPanel';
import { PageHeader } from '../../pages/PageHeader';
import { TableHead } from '../../pages/TableHead';
import { useToast } from '../../toast/toaster';
import { TEMPLATES_KEY, useServiceTemplates } from '../templates-query';
import { ClinicDiff } from './ClinicDiff';
import { PushDialog } from './PushDialog';
import { PushProgress } from './PushProgress';
import { diffQuery, rolloutKey, useTemplateClinics, useTemplatePushes, useTemplateVersions } from './rollout-query';
import { changedWords, pushLabel, standingOf } from './rollout-words';
import '../templates.css';

const ROLLOUTS: ReadonlyArray<{ value: TemplateRollout; label: string; hint: string }> = [
  { value: 'latest', label: 'Every clinic follows the latest version', hint: 'A save shows on every clinic’s page that is not pinned, keeping each clinic’s own changes.' },
  { value: 'staged', label: 'Staged', hint: 'A save is a new version that reaches only the clinics you push it to.' },
];

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** docs/template-rollout.md: a template's versions, its clinics, a clinic's diff and pushes. */
export function TemplateRolloutPage() {
  const templateId = Number(useParams().id);
  const templates = useServiceTemplates();
  const template = templates.data?.find((t) => t.id === templateId);
  useDocumentTitle(adminTitle(template ? `${template.name}: versions and clinics` : 'Versions and clinics'));
  const versions = useTemplateVersions(templateId);
  const clinics = useTemplateClinics(templateId);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [comparing, setComparing] = useState<TemplateClinic | null>(null);
  const [pushing, setPushing] = useState(false);
  const pushes = useTemplatePushes(templateId);
  const latest = versions.data?.latest ?? template?.version ?? 1;
  const diff = useQuery({ ...diffQuery(templateId, comparing?.clientServiceId ?? 0, latest), enabled: comparing !== null });

  const rollout = useMutation({
    mutationFn: (value: TemplateRollout) => api.call(routes.updateServiceTemplate, { params: { id: templateId }, body: { rollout: value } }),
    onSuccess: async (saved) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }), queryClient.invalidateQueries({ queryKey: rolloutKey(templateId) })]);
      toast({ title: 'Rollout saved', description: saved.rollout === 'staged' ? 'Saves now reach only the clinics you push them to.' : 'Every clinic not pinned now follows the latest version.' });
    },
    onError: (error) => toast({ title: 'Could not change the rollout', description: error.message, variant: 'destructive' }),
  });

  const pin = useMutation({
    mutationFn: ({ clinic, pinned }: { clinic: TemplateClinic; pinned: boolean }) =>
      api.call(routes.updateClientServiceVersion, { params: { id: clinic.clientServiceId }, body: { pinned } }),
    onSuccess: async (done, { clinic }) => {
      await queryClient.invalidateQueries({ queryKey: rolloutKey(templateId) });
      const name = clinic.clinicName ?? `Clinic ${clinic.clientId}`;
      toast({
        title: done.pinned ? 'Pinned' : 'Unpinned',
        description: done.pinned ? `${name} stays on version ${done.version}: saves and pushes to all pass it by.` : `${name} follows the template again.`,
      });
    },
    onError: (error) => toast({ title: 'Could not change the pin', description: error.message, variant: 'destructive' }),
  });

  if (templates.isPending || versions.isPending || clinics.isPending) return <LoadingPanel card label="Loading versions and clinics..." />;
  const failed = [templates, versions, clinics].find((q) => q.isError);
  if (failed?.error || !template || !versions.data || !clinics.data) {
    return <LoadFailed card title="Failed to load the template’s versions" message={failed?.error?.message ?? `Service template ${templateId} was not found.`} onRetry={() => void Promise.all([templates.refetch(), versions.refetch(), clinics.refetch()])} />;
  }
  const rows = clinics.data.clinics;
  const chosen = rows.filter((c) => selected.has(c.clientServiceId));
  const toggle = (id: number) => setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const pushed = () => {
    setPushing(false);
    setSelected(new Set());
    void queryClient.invalidateQueries({ queryKey: rolloutKey(templateId) });
  };

  return (
    <>
      <PageHeader
        title={`${template.name}: versions and clinics`}
        description="What each clinic’s page is on, what it changed itself, and pushing a version to the clinics you choose."
        actions={
          <Link className="adm-button adm-button--secondary" to="/admin/templates">
            <ArrowLeft size={16} aria-hidden />
            Templates
          </Link>
        }
      />

      <section className="adm-card tro-card" aria-labelledby="tro-rollout-title">
        <h2 id="tro-rollout-title" className="tro-card__title">
          How saves reach clinics
        </h2>
        <fieldset className="tro-rollout" disabled={rollout.isPending}>
          <legend className="adm-sr-only">Rollout</legend>
          {ROLLOUTS.map((r) => (
            <label key={r.value} className="tro-rollout__option">
              <input type="radio" name="tro-rollout" value={r.value} checked={versions.data.rollout === r.value} onChange={() => rollout.mutate(r.value)} />
              <span>
                <strong>{r.label}</strong>
                <span className="adm-muted">{r.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </section>

      {pushes.data?.pages.flat().map((p) => <PushProgress key={p.id} pushId={p.id} templateId={templateId} clinics={rows} />)}
      {pushes.hasNextPage && (
        <button type="button" className="adm-button adm-button--secondary tro-older" disabled={pushes.isFetchingNextPage} onClick={() => void pushes.fetchNextPage()}>
          {pushes.isFetchingNextPage ? 'Loading older pushes…' : 'Show older pushes'}
        </button>
      )}

      <section className="adm-card adm-table-card tro-card" aria-labelledby="tro-clinics-title">
        <div className="tro-card__head">
          <h2 id="tro-clinics-title" className="tro-card__title">
            Clinics ({rows.length})
          </h2>
          <div className="tro-card__actions">
            <button type="button" className="adm-button adm-button--secondary" onClick={() => setSelected(new Set(rows.filter((c) => c.behind && !c.pinned).map((c) => c.clientServiceId)))}>
              Select clinics behind
            </button>
            <button type="button" className="adm-button adm-button--primary" disabled={chosen.length === 0} onClick={() => setPushing(true)}>
              {pushLabel(latest, chosen.length)}
            </button>
          </div>
        </div>
        {rows.length === 0 ? (
          <p className="adm-muted tro-card__empty">No clinic has a service of this template yet.</p>
        ) : (
          <div className="adm-table-scroll">
            <table className="adm-table tro-table">
              <TableHead columns={['Clinic', 'Version', 'Changed by the clinic']} lead={<th scope="col"><span className="adm-sr-only">Choose</span></th>} actions="adm-table__actions" />
              <tbody>
                {rows.map((c) => {
                  const name = c.clinicName ?? `Clinic ${c.clientId}`;
                  return (
                    <tr key={c.clientServiceId}>
                      <td>
                        <input type="checkbox" aria-label={`Choose ${name}`} checked={selected.has(c.clientServiceId)} onChange={() => toggle(c.clientServiceId)} />
                      </td>
                      <td data-label="Clinic">
                        <span className="adm-client__name">{name}</span>
                        {!c.isActive && <span className="adm-muted"> (inactive)</span>}
                      </td>
                      <td data-label="Version">
                        <span className={`adm-badge adm-badge--${c.behind ? 'warning' : 'success'}`}>{standingOf(c, latest)}</span>
                      </td>
                      <td data-label="Changed by the clinic">{changedWords(c.changed)}</td>
                      <td className="adm-table__actions tpl-actions" data-label="Actions">
                        <button type="button" className="adm-button adm-button--secondary" onClick={() => setComparing(c)} aria-label={`Compare ${name} with version ${latest}`}>
                          Compare
                        </button>
                        <button
                          type="button"
                          className="adm-button adm-button--secondary"
                          disabled={pin.isPending}
                          onClick={() => pin.mutate({ clinic: c, pinned: !c.pinned })}
                          aria-label={`${c.pinned ? 'Unpin' : 'Pin'} ${name}`}
                        >
                          {c.pinned ? 'Unpin' : 'Pin'}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {comparing && (
        <section className="adm-card tro-card" aria-labelledby="tro-diff-title">
          <div className="tro-card__head">
            <h2 id="tro-diff-title" className="tro-card__title">
              {comparing.clinicName ?? `Clinic ${comparing.clientId}`} against version {latest}
            </h2>
            <button type="button" className="adm-button adm-button--secondary" onClick={() => setComparing(null)}>
              Close
            </button>
          </div>
          {diff.isPending ? (
            <LoadingPanel label="Comparing..." />
          ) : diff.isError ? (
            <LoadFailed title="Failed to compare" message={diff.error.message} onRetry={() => void diff.refetch()} />
          ) : (
            <ClinicDiff diff={diff.data} clinicName={comparing.clinicName ?? `Clinic ${comparing.clientId}`} />
          )}
        </section>
      )}

      <section className="adm-card adm-table-card tro-card" aria-labelledby="tro-versions-title">
        <h2 id="tro-versions-title" className="tro-card__title">
          Versions
        </h2>
        <div className="adm-table-scroll">
          <table className="adm-table tro-table">
            <TableHead columns={['Version', 'Note', 'Saved by', 'Saved', 'Clinics on it']} />
            <tbody>
              {versions.data.versions.map((v) => (
                <tr key={v.number}>
                  <td data-label="Version">
                    {v.number} {v.isLatest && <span className="adm-badge adm-badge--success">Latest</span>}
                  </td>
                  <td data-label="Note">{v.note ?? <span className="adm-muted">No note</span>}</td>
                  <td data-label="Saved by">{v.createdBy ?? <span className="adm-muted">The system</span>}</td>
                  <td data-label="Saved">{dateTime.format(new Date(v.createdAt))}</td>
                  <td data-label="Clinics on it">{v.clinics}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {pushing && <PushDialog templateId={templateId} version={latest} clinics={chosen} onClose={() => setPushing(false)} onPushed={pushed} />}
    </>
  );
}
