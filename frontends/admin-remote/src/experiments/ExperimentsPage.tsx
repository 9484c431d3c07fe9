import { ExperimentCreateSchema, EXPERIMENT_GOALS, type Experiment, type ExperimentGoal } from '@hap/contracts';
import { FlaskConical, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorAria } from '../auth/FormField';
import { ClinicSelect } from '../clients/ClinicSelect';
import { useClients } from '../clients/clients-query';
import { issuesByPath } from '../forms/list-rules';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { useClientServices } from '../services/services-query';
import { useToast } from '../toast/toaster';
import { useExperiments, useStartExperiment } from './experiments-query';
import { armsOfDraft, GOAL_WORDS, initialArms, STATUS_WORDS, STYLE_NAMES, type ArmDraft } from './experiments-rules';
import { TableHead } from '../pages/TableHead';
import '../results/results.css';
import './experiments.css';

/**
 * Experiments: a clinic's same-URL tests of its service pages'
 * styles. Start one (styles, weights, goal, pooling), and open any to see its
 * numbers, change weights, pause it or stop it with a winner.
 */
export function ExperimentsPage() {
  useDocumentTitle(adminTitle('Experiments'));
  const [search, setSearch] = useSearchParams();
  const clients = useClients();
  const clientParam = Number(search.get('client'));
  const clientId = Number.isInteger(clientParam) && clientParam > 0 ? clientParam : null;
  const experiments = useExperiments(clientId);
  const clinicName = clientId === null ? null : (clients.data?.find((c) => c.id === clientId)?.name ?? `Client ${clientId}`);

  return (
    <>
      <PageHeader
        title="Experiments"
        description={`Test a service page's styles at one URL: each visitor gets a style, the same one every time${clinicName ? `, at ${clinicName}` : ''}.`}
      />
      <form className="adm-card res-filters" aria-label="Clinic" onSubmit={(e) => e.preventDefault()}>
        <ClinicSelect
          id="exp-client"
          value={clientId ?? ''}
          onChange={(value) => setSearch(value ? { client: value } : {}, { replace: true })}
          clients={clients.data}
          first={<option value="">Choose a clinic</option>}
        />
      </form>
      {clientId === null ? (
        <p className="adm-card exp-empty">Choose a clinic to see its experiments and start one.</p>
      ) : (
        <>
          <StartExperiment clientId={clientId} open={experiments.data?.filter((e) => e.status !== 'stopped') ?? []} />
          <section className="adm-card adm-table-card res-card" aria-labelledby="exp-list-title">
            <div className="res-card__head">
              <h2 id="exp-list-title" className="res-card__title">
                {clinicName}&rsquo;s experiments
              </h2>
            </div>
            {experiments.isPending ? (
              <LoadingPanel label="Loading experiments..." />
            ) : experiments.isError ? (
              <LoadFailed heading="h3" title="Failed to load experiments" message={experiments.error.message} onRetry={() => void experiments.refetch()} />
            ) : experiments.data.length === 0 ? (
              <p className="adm-empty__text res-empty">No experiment yet. Start one above.</p>
            ) : (
              <ExperimentsTable experiments={experiments.data} />
            )}
          </section>
        </>
      )}
    </>
  );
}

function ExperimentsTable({ experiments }: { experiments: readonly Experiment[] }) {
  return (
    <div className="adm-table-scroll" tabIndex={0} role="region" aria-label="Experiments (scrolls sideways)">
      <table className="adm-table res-table">
        <caption className="adm-sr-only">Experiments, newest first</caption>
        <TableHead columns={['Service page', 'Status', 'Goal', 'Styles', 'Visitors', 'Recommendation']} />
        <tbody>
          {experiments.map((e) => (
            <tr key={e.id}>
              <th scope="row">
                <Link to={`/admin/experiments/${e.id}`}>{e.serviceName}</Link>
                <span className="res-table__clinic">/{e.servicePath}</span>
              </th>
              <td data-label="Status">
                <span className={`exp-status exp-status--${e.status}`}>{STATUS_WORDS[e.status]}</span>
                {e.winner && <span className="res-table__clinic">Winner: style {e.winner}</span>}
              </td>
              <td data-label="Goal">{GOAL_WORDS[e.goal]}</td>
              <td data-label="Styles">{e.arms.map((a) => a.variant).join(' · ')}</td>
              <td data-label="Visitors">{e.arms.reduce((sum, a) => sum + a.visitors, 0)}</td>
              <td data-label="Recommendation">{e.recommendation.kind === 'winner' ? `Style ${e.recommendation.variant}` : 'Keep running'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The start form: validated by the API's own schema (contracts ExperimentCreateSchema) before it is sent. */
function StartExperiment({ clientId, open }: { clientId: number; open: readonly Experiment[] }) {
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const services = useClientServices(clientId);
  const [serviceId, setServiceId] = useState('');
  const [goal, setGoal] = useState<ExperimentGoal>('leads');
  const [pooling, setPooling] = useState(false);
  const [arms, setArms] = useState<ArmDraft[]>(initialArms);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const start = useStartExperiment();

  const busy = new Set(open.map((e) => e.serviceId));
  const choices = (services.data ?? []).filter((s) => s.isActive && !busy.has(s.id));
  const setArm = (index: number, next: Partial<ArmDraft>) => setArms((all) => all.map((a, i) => (i === index ? { ...a, ...next } : a)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ExperimentCreateSchema.safeParse({ clientId, serviceId: serviceId ? Number(serviceId) : undefined, goal, pooling, arms: armsOfDraft(arms) });
    if (!parsed.success) {
      setIssues(issuesByPath(parsed.error));
      return;
    }
    setIssues({});
    start.mutate(parsed.data, {
      onSuccess: (experiment) => {
        toast({ title: 'Experiment started', description: `Visitors of /${experiment.servicePath} now see ${experiment.arms.map((a) => `style ${a.variant}`).join(' or ')}.` });
        void navigate(`/admin/experiments/${experiment.id}`);
      },
      onError: (error) => toast({ title: 'Could not start the experiment', description: error.message, variant: 'destructive' }),
    });
  };

  const armsIssue = issues.arms ?? Object.entries(issues).find(([key]) => key.startsWith('arms.'))?.[1];
  return (
    <section className="adm-card res-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="res-card__title">
        Start an experiment
      </h2>
      {services.isError ? (
        <LoadFailed heading="h3" title="Failed to load the clinic's services" message={services.error.message} onRetry={() => void services.refetch()} />
      ) : (
        <form className="exp-form" noValidate onSubmit={submit}>
          <div className="adm-field">
            <label className="adm-label" htmlFor={`${id}-service`}>
              Service page
            </label>
            <select
              id={`${id}-service`}
              className="adm-input"
              value={serviceId}
              {...errorAria(`${id}-service`, issues.serviceId)}
              onChange={(e) => setServiceId(e.target.value)}
            >
              <option value="">{services.isPending ? 'Loading services...' : choices.length ? 'Choose a service' : 'No live service without an experiment'}</option>
              {choices.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} (/{s.path})
                </option>
              ))}
            </select>
            {issues.serviceId && (
              <span id={`${id}-service-error`} className="adm-field__error">
                Choose a service page
              </span>
            )}
          </div>
          <fieldset className="exp-arms" aria-describedby={armsIssue ? `${id}-arms-error` : `${id}-arms-hint`}>
            <legend className="adm-label">Styles and weights</legend>
            {arms.map((arm, index) => (
              <div key={arm.variant} className="exp-arm">
                <label className="exp-check">
                  <input type="checkbox" checked={arm.on} onChange={(e) => setArm(index, { on: e.target.checked })} />
                  {STYLE_NAMES[arm.variant]}
                </label>
                <label className="exp-weight">
                  <span className="adm-sr-only">Weight of style {arm.variant}</span>
                  <input
                    className="adm-input"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={100}
                    disabled={!arm.on}
                    value={arm.weight}
                    aria-invalid={armsIssue && arm.on ? true : undefined}
                    onChange={(e) => setArm(index, { weight: e.target.value })}
                  />
                </label>
              </div>
            ))}
            {armsIssue ? (
              <span id={`${id}-arms-error`} className="adm-field__error">
                {armsIssue}
              </span>
            ) : (
              <span id={`${id}-arms-hint`} className="frm-hint">
                Two or three styles. Weights share out new visitors (50 and 50: half each); a visitor keeps their style when weights change.
              </span>
            )}
          </fieldset>
          <div className="adm-field">
            <label className="adm-label" htmlFor={`${id}-goal`}>
              Goal
            </label>
            <select id={`${id}-goal`} className="adm-input" value={goal} onChange={(e) => setGoal(e.target.value as ExperimentGoal)}>
              {EXPERIMENT_GOALS.map((g) => (
                <option key={g} value={g}>
                  {g === 'leads' ? 'Leads (a form sent)' : 'Bookings (a lead that booked)'}
                </option>
              ))}
            </select>
          </div>
          <label className="exp-check exp-pooling">
            <input type="checkbox" checked={pooling} onChange={(e) => setPooling(e.target.checked)} />
            <span>
              Learn from other clinics
              <span className="frm-hint">Estimates lean on clinics testing the same template&rsquo;s styles: a low-traffic clinic finds a winner sooner.</span>
            </span>
          </label>
          <div className="exp-form__actions">
            <button type="submit" className="adm-button adm-button--primary" disabled={start.isPending}>
              {start.isPending ? <LoaderCircle size={16} className="adm-spin" aria-hidden /> : <FlaskConical size={16} aria-hidden />}
              Start experiment
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
