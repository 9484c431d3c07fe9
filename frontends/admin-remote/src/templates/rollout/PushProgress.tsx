import { routes, type TemplateClinic } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useToast } from '../../toast/toaster';
import { api } from '../../lib/api';
import { rolloutKey, usePush } from './rollout-query';
import { AdTextsReview } from '../../google-ads/ad-texts/AdTextsReview';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_WORDS = { pending: 'Waiting', pushed: 'Pushed', failed: 'Failed', 'rolled-back': 'Rolled back' } as const;

/** A push as it runs, then each clinic's result with its rollback (docs/template-rollout.md#push). */
export function PushProgress({ pushId, templateId, clinics }: { pushId: number; templateId: number; clinics: readonly TemplateClinic[] }) {
  const push = usePush(pushId);
  const toast = useToast();
  const queryClient = useQueryClient();
  const rollback = useMutation({
    mutationFn: (clientServiceId: number) => api.call(routes.rollbackClientService, { params: { id: clientServiceId }, body: { pushId } }),
    onSuccess: async (done) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: rolloutKey(templateId) }), push.refetch()]);
      toast({ title: 'Rolled back', description: `The clinic's page is back on version ${done.version}, as before the push.` });
    },
    onError: (error) => toast({ title: 'Could not roll back', description: error.message, variant: 'destructive' }),
  });
  const data = push.data;
  const finished = data?.status === 'succeeded' || data?.status === 'failed';
  // Once the push is done, the clinics' versions and the diff are read again.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: rolloutKey(templateId) });
  }, [finished, queryClient, templateId]);
  if (!data) return <p className="adm-muted">Reading the push…</p>;
  const running = !finished;
  const names = new Map(clinics.map((c) => [c.clientServiceId, c.clinicName ?? `Clinic ${c.clientId}`]));
  const done = data.pushed + data.failed;
  // The clinics the push reached: their launched campaigns may take the template's ad texts too.
  const pushedClinics = [...new Set(data.clinics.filter((c) => c.status === 'pushed').map((c) => c.clientId))];
  const clinicNames = new Map(clinics.map((c) => [c.clientId, c.clinicName ?? `Clinic ${c.clientId}`]));

  const titleId = `tro-push-${pushId}-title`;
  return (
    <section className="adm-card tro-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="tro-card__title">
        {running ? `Pushing version ${data.version}…` : data.status === 'failed' ? `Version ${data.version} not pushed` : `Version ${data.version} pushed`}
        <span className="adm-muted tro-card__when">
          {data.createdBy ? ` by ${data.createdBy}` : ''}, {when.format(new Date(data.createdAt))}
        </span>
      </h2>
      <div className="tpl-progress__bar" role="progressbar" aria-label="Push progress" aria-valuemin={0} aria-valuemax={data.total} aria-valuenow={done}>
        <span style={{ width: `${data.total ? Math.max((done / data.total) * 100, 5) : 100}%` }} />
      </div>
      <p className="adm-muted" role="status">
        {done} of {data.total} clinics done{data.failed ? `, ${data.failed} failed` : ''}
        {data.error ? `. ${data.error}` : ''}
      </p>
      <ul className="tro-results">
        {data.clinics.map((c) => (
          <li key={c.clientServiceId} className="tro-results__row">
            <span className="adm-client__name">{names.get(c.clientServiceId) ?? `Clinic ${c.clientId}`}</span>
            <span className={`adm-badge adm-badge--${c.status === 'failed' ? 'danger' : c.status === 'pushed' ? 'success' : 'neutral'}`}>{STATUS_WORDS[c.status]}</span>
            {c.conflicts.length > 0 && <span className="adm-muted">{c.conflicts.length === 1 ? '1 conflict' : `${c.conflicts.length} conflicts`}, settled as chosen</span>}
            {c.error && <span role="alert">{c.error}</span>}
            {c.status === 'pushed' && (
              <button
                type="button"
                className="adm-button adm-button--secondary"
                disabled={rollback.isPending}
                onClick={() => rollback.mutate(c.clientServiceId)}
                aria-label={`Roll back ${names.get(c.clientServiceId) ?? `clinic ${c.clientId}`}`}
              >
                Roll back
              </button>
            )}
          </li>
        ))}
      </ul>
      {finished && pushedClinics.length > 0 && (
        <AdTextsReview
          queryKey={[...rolloutKey(templateId), 'ad-texts', pushId]}
          templateId={templateId}
          clientIds={pushedClinics}
          clinicName={(clientId) => clinicNames.get(clientId) ?? `Clinic ${clientId}`}
          title="Ads of these clinics' campaigns"
          intro="The template's Google Ads headlines and descriptions reach campaigns already launched only when you update them here."
        />
      )}
    </section>
  );
}
