import { routes } from '@hap/contracts';
import { useState } from 'react';
import '../leads/front-desk.css';
import { useTasks } from '../leads/front-desk-query';
import { TaskCreateForm, TaskItem } from '../leads/LeadTasks';
import { LeadsScopeContext } from '../leads/leads-query';
import { useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { PageHeader } from '../pages/PageHeader';
import { portalTitle, usePortalCan, usePortalUser } from './portal-auth';

type Show = 'mine' | 'clinic' | 'done';

const leadLink = (leadId: number) => `/portal/leads?lead=${leadId}`;

function Tasks({ clientId, show }: { clientId: number; show: Show }) {
  const tasks = useTasks({ clientId, mine: show !== 'clinic', state: show === 'done' ? 'done' : 'open' });
  const canAdd = usePortalCan()(routes.createPortalTask);
  if (tasks.isPending) return <p className="adm-muted">Loading tasks…</p>;
  if (tasks.isError) return <LoadFailed heading="h2" title="Failed to load the tasks" message={tasks.error.message} onRetry={() => void tasks.refetch()} />;
  const { items, timeZone } = tasks.data;
  return (
    <>
      {items.length ? (
        <ul className="fd-list" aria-label="Tasks">
          {items.map((task) => (
            <TaskItem key={task.id} task={task} zone={timeZone} leadLink={leadLink} />
          ))}
        </ul>
      ) : (
        <p className="adm-muted">{show === 'done' ? 'No done tasks yet.' : 'Nothing to do: no open tasks.'}</p>
      )}
      {show !== 'done' && canAdd && (
        <section aria-labelledby="portal-task-add" className="adm-card fd-card">
          <h2 id="portal-task-add" className="fd-card__heading">
            Add a task
          </h2>
          <TaskCreateForm clientId={clientId} zone={timeZone} idPrefix="portal-task" />
        </section>
      )}
    </>
  );
}

/** 'My tasks' (docs/portal.md#the-portal-screens): the signed-in user's open tasks, overdue first; the clinic's; done ones. */
export function PortalTasksPage() {
  useDocumentTitle(portalTitle('My tasks'));
  const user = usePortalUser().data;
  const [show, setShow] = useState<Show>('mine');
  const choices: Array<[Show, string]> = [
    ['mine', 'Mine'],
    ['clinic', 'Whole clinic'],
    ['done', 'My done tasks'],
  ];
  return (
    <LeadsScopeContext.Provider value="portal">
      <PageHeader title="My tasks" description="Call-backs and to-dos, overdue first. Each one’s assignee gets a reminder when it is due." />
      <div className="fd-tasks-filter" role="group" aria-label="Which tasks">
        {choices.map(([value, label]) => (
          <button key={value} type="button" className={`adm-button ${show === value ? 'adm-button--primary' : 'adm-button--secondary'}`} aria-pressed={show === value} onClick={() => setShow(value)}>
            {label}
          </button>
        ))}
      </div>
      {user && <Tasks clientId={user.clientId} show={show} />}
    </LeadsScopeContext.Provider>
  );
}
