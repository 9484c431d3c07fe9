import { ExperimentUpdateSchema, type Experiment, type ExperimentVariant } from '@hap/contracts';
import { EXPERIMENT_RULE, POOLING } from '@hap/stats/rule';
import * as Dialog from '@radix-ui/react-dialog';
import { ArrowLeft, Pause, Play, Trophy } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { DialogFooter } from '../pages/DialogFooter';
import { DialogHeader } from '../pages/DialogHeader';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { useToast } from '../toast/toaster';
import { useExperiment, usePauseExperiment, useResumeExperiment, useStopExperiment, useUpdateExperiment } from './experiments-query';
import { GOAL_WORDS, lossWords, notEnoughData, percent, probabilityWords, rateWords, shares, STATUS_WORDS, STYLE_NAMES } from './experiments-rules';
import { PosteriorChart } from './PosteriorChart';
import { TableHead } from '../pages/TableHead';
import '../results/results.css';
import './experiments.css';

/** One experiment: its recommendation, each arm's posterior and numbers, its weights, pause and stop with a winner. */
export function ExperimentPage() {
  const id = Number(useParams().id);
  const experiment = useExperiment(Number.isInteger(id) && id > 0 ? id : 0);
  useDocumentTitle(adminTitle(experiment.data ? `Experiment · ${experiment.data.serviceName}` : 'Experiment'));
  if (experiment.isPending) return <LoadingPanel label="Loading the experiment..." />;
  if (experiment.isError) return <LoadFailed card title="Failed to load the experiment" message={experiment.error.message} onRetry={() => void experiment.refetch()} />;
  return <ExperimentView experiment={experiment.data} />;
}

function ExperimentView({ experiment }: { experiment: Experiment }) {
  const toast = useToast();
  const pause = usePauseExperiment(experiment.id);
  const resume = useResumeExperiment(experiment.id);
  const failed = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });
  const { recommendation } = experiment;
  const conversions = experiment.goal === 'leads' ? 'leads' : 'bookings';
  const short = notEnoughData(experiment);
  return (
    <>
      <Link to={`/admin/experiments?client=${experiment.clientId}`} className="exp-back">
        <ArrowLeft size={16} aria-hidden /> All experiments of this clinic
      </Link>
      <PageHeader
        title={`${experiment.serviceName}: which style wins?`}
        description={`At /${experiment.servicePath} since ${new Date(experiment.startedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })} · goal: ${GOAL_WORDS[experiment.goal].toLowerCase()} · ${STATUS_WORDS[experiment.status].toLowerCase()}${experiment.winner ? ` · winner: style ${experiment.winner}` : ''}`}
        actions={
          experiment.status === 'stopped' ? null : (
            <>
              {experiment.status === 'running' ? (
                <button type="button" className="adm-button adm-button--secondary" disabled={pause.isPending} onClick={() => pause.mutate(undefined, { onError: failed('Could not pause') })}>
                  <Pause size={16} aria-hidden /> Pause
                </button>
              ) : (
                <button type="button" className="adm-button adm-button--secondary" disabled={resume.isPending} onClick={() => resume.mutate(undefined, { onError: failed('Could not resume') })}>
                  <Play size={16} aria-hidden /> Resume
                </button>
              )}
              <StopDialog experiment={experiment} />
            </>
          )
        }
      />
      <p className={`adm-card exp-verdict exp-verdict--${recommendation.kind}`} role="status">
        <Trophy size={20} aria-hidden />
        <span>
          <strong>{experiment.status === 'stopped' ? `Stopped: style ${experiment.winner} is the page’s style now.` : recommendation.kind === 'winner' ? `Recommended: style ${recommendation.variant}.` : 'No winner yet.'}</strong>{' '}
          {recommendation.reason}
        </span>
      </p>
      {experiment.status === 'paused' && <p className="res-note">Paused: every visitor sees style {experiment.defaultStyle} and nothing is counted until it resumes.</p>}
      {experiment.countsUnavailable && <p className="res-note">The numbers could not be read just now (the leads service did not answer); they are shown as zero.</p>}
      <div className="res-grid">
        <section className="adm-card res-card" aria-labelledby="exp-chart-title">
          <h2 id="exp-chart-title" className="res-card__title">
            Conversion rate per style
          </h2>
          <PosteriorChart experiment={experiment} />
          <p className="adm-muted">
            Each curve shows where a style&rsquo;s true rate of {conversions} per visitor probably lies
            {experiment.network?.used ? `, leaning on ${experiment.network.clinics} other clinics running this template’s styles` : ''}.
            {notEnoughData(experiment) ? ` Until each style has ${EXPERIMENT_RULE.minConversionsPerArm} ${conversions}, the curves say more about the starting assumption than about the page.` : ''}
          </p>
          {experiment.network && !experiment.network.used && (
            <p className="adm-muted">
              Learning from other clinics starts once {POOLING.minClinics} clinics running this template&rsquo;s styles have {POOLING.minConversionsPerClinic} {conversions}{' '}
              each, and this page has some of its own ({experiment.network.clinics} so far).
            </p>
          )}
        </section>
        {experiment.status !== 'stopped' && <WeightsCard experiment={experiment} />}
      </div>
      <section className="adm-card adm-table-card res-card" aria-labelledby="exp-table-title">
        <div className="res-card__head">
          <h2 id="exp-table-title" className="res-card__title">
            Styles
          </h2>
        </div>
        <div className="adm-table-scroll" tabIndex={0} role="region" aria-label="Styles (scrolls sideways)">
          <table className="adm-table res-table">
            <caption className="adm-sr-only">Each style&rsquo;s numbers</caption>
            <TableHead columns={['Style', 'Weight', 'Views', 'Visitors', 'Leads', 'Bookings', 'Rate (95% range)', 'Chance it is best', 'Expected loss']} />
            <tbody>
              {experiment.arms.map((arm, index) => (
                <tr key={arm.variant}>
                  <th scope="row">{STYLE_NAMES[arm.variant]}</th>
                  <td data-label="Weight">{arm.weight}</td>
                  <td data-label="Views">{arm.views}</td>
                  <td data-label="Visitors">{arm.visitors}</td>
                  <td data-label="Leads">{arm.leads}</td>
                  <td data-label="Bookings">{arm.bookings}</td>
                  {short ? (
                    <td colSpan={3} data-label="Rate, chance, loss" className="exp-short">
                      {short[index]}
                    </td>
                  ) : (
                    <>
                      <td data-label="Rate (95% range)">{rateWords(arm.rate)}</td>
                      <td data-label="Chance it is best">{probabilityWords(arm.probabilityBest)}</td>
                      <td data-label="Expected loss">{lossWords(arm.expectedLoss)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="adm-muted exp-footnote">
          Visitors are counted once a day each, as in Results. Expected loss: the {conversions} per 100 visitors given up, on average, by choosing that style if another is better.
        </p>
      </section>
    </>
  );
}

/** New weights for the same styles: a visitor already placed keeps their style. */
function WeightsCard({ experiment }: { experiment: Experiment }) {
  const id = useId();
  const toast = useToast();
  const update = useUpdateExperiment(experiment.id);
  const [weights, setWeights] = useState<Record<string, string>>(() => Object.fromEntries(experiment.arms.map((a) => [a.variant, String(a.weight)])));
  const [issue, setIssue] = useState<string | null>(null);
  const drafted = experiment.arms.map((a) => ({ variant: a.variant, weight: weights[a.variant]?.trim() === '' ? Number.NaN : Number(weights[a.variant]) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ExperimentUpdateSchema.safeParse({ arms: drafted });
    if (!parsed.success) {
      setIssue(parsed.error.issues[0]?.message ?? 'Check the weights');
      return;
    }
    setIssue(null);
    update.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Weights saved', description: 'New visitors are shared out by the new weights; the others keep their style.' }),
      onError: (error) => toast({ title: 'Could not save the weights', description: error.message, variant: 'destructive' }),
    });
  };
  return (
    <section className="adm-card res-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="res-card__title">
        Weights
      </h2>
      <form className="exp-weights" noValidate onSubmit={submit}>
        {experiment.arms.map((arm) => (
          <div key={arm.variant} className="adm-field">
            <label className="adm-label" htmlFor={`${id}-${arm.variant}`}>
              {STYLE_NAMES[arm.variant]}
            </label>
            <input
              id={`${id}-${arm.variant}`}
              className="adm-input"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={weights[arm.variant] ?? ''}
              aria-invalid={issue ? true : undefined}
              aria-describedby={`${id}-hint`}
              onChange={(e) => setWeights((w) => ({ ...w, [arm.variant]: e.target.value }))}
            />
          </div>
        ))}
        <p id={`${id}-hint`} className={issue ? 'adm-field__error' : 'frm-hint'}>
          {issue ??
            `New visitors: ${shares(drafted.map((d) => ({ ...d, weight: Number.isFinite(d.weight) ? d.weight : 0 })))
              .map((s) => `${percent(s.share, 0)} style ${s.variant}`)
              .join(', ')}.`}
        </p>
        <button type="submit" className="adm-button adm-button--secondary" disabled={update.isPending}>
          Save weights
        </button>
      </form>
    </section>
  );
}

/** Stop with a winner: the recommended style is chosen first; the service's page shows the winner to everyone after. */
function StopDialog({ experiment }: { experiment: Experiment }) {
  const id = useId();
  const toast = useToast();
  const stop = useStopExperiment(experiment.id);
  const [open, setOpen] = useState(false);
  const recommended = experiment.recommendation.variant;
  const short = notEnoughData(experiment);
  const [winner, setWinner] = useState<ExperimentVariant>(recommended ?? experiment.arms[0]!.variant);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    stop.mutate(
      { winner },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'Experiment stopped', description: `/${experiment.servicePath} shows style ${winner} to every visitor now.` });
        },
        onError: (error) => toast({ title: 'Could not stop the experiment', description: error.message, variant: 'destructive' }),
      },
    );
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setWinner(recommended ?? experiment.arms[0]!.variant);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="adm-button adm-button--primary">
          <Trophy size={16} aria-hidden /> Stop with a winner
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-overlay" />
        <Dialog.Content className="adm-dialog adm-dialog--narrow" aria-describedby={`${id}-said`}>
          <DialogHeader title="Stop with a winner" />
          <form onSubmit={submit}>
            <p id={`${id}-said`} className="exp-dialog__text">
              The winner becomes the page&rsquo;s style: /{experiment.servicePath} shows it to everyone, and the experiment ends.
              {recommended ? ` The numbers recommend style ${recommended}.` : ' The numbers do not name a winner yet.'}
            </p>
            <fieldset className="exp-winners">
              <legend className="adm-label">Winner</legend>
              {experiment.arms.map((arm) => (
                <label key={arm.variant} className="exp-check">
                  <input type="radio" name={`${id}-winner`} value={arm.variant} checked={winner === arm.variant} onChange={() => setWinner(arm.variant)} />
                  {STYLE_NAMES[arm.variant]} · {short ? short[experiment.arms.indexOf(arm)] : `${probabilityWords(arm.probabilityBest)} chance it is best`}
                  {arm.variant === recommended ? ' (recommended)' : ''}
                </label>
              ))}
            </fieldset>
            <DialogFooter action={`Stop and use style ${winner}`} pending={stop.isPending} />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
