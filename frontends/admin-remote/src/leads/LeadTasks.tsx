import { zodResolver } from '@hookform/resolvers/zod';
import { routes, TASK_TITLE_MAX_LENGTH, type Task } from '@hap/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorAria, FormField } from '../auth/FormField';
import { useToast } from '../toast/toaster';
import { dueFromInputs, formatDue, tomorrowAtTen } from './due-time';
import { useAssignees, useCreateTask, useTasks, useUpdateTask } from './front-desk-query';
import { useLeadsCan, usePortalUserId } from './leads-can';

/** The form's fields: the API's title rule, a date and a time read in the clinic's zone, an assignee. */
const TaskFormSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(TASK_TITLE_MAX_LENGTH, `Title must be at most ${TASK_TITLE_MAX_LENGTH} characters`),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date'),
  time: z.string().regex(/^\d{2}:\d{2}$/, 'Choose a time'),
  assigneeId: z.string().regex(/^\d+$/, 'Choose who does it'),
});
type TaskForm = z.infer<typeof TaskFormSchema>;

/** One task: done box, title, due time in the clinic's zone (overdue said), its assignee; the lead's link when asked. */
export function TaskItem({ task, zone, leadLink }: { task: Task; zone: string; leadLink?: (leadId: number) => string }) {
  const update = useUpdateTask();
  const toast = useToast();
  // A viewer sees tasks and ticks none (docs/portal.md#roles).
  const canUpdate = useLeadsCan(routes.updatePortalTask);
  const id = `task-${task.id}-done`;
  return (
    <li className={`fd-task${task.overdue ? ' fd-task--overdue' : ''}${task.done ? ' fd-task--done' : ''}`}>
      <input
        id={id}
        type="checkbox"
        className="fd-task__check"
        checked={task.done}
        disabled={!canUpdate || update.isPending}
        onChange={(e) =>
          update.mutate(
            { id: task.id, change: { done: e.target.checked } },
            { onError: (err) => toast({ title: 'Task not changed', description: err.message, variant: 'destructive' }) },
          )
        }
      />
      <div className="fd-task__text">
        <label htmlFor={id} className="fd-task__title">
          {task.title}
          <span className="adm-sr-only">{task.done ? ' (done)' : ' (mark as done)'}</span>
        </label>
        <p className="adm-muted fd-task__meta">
          {task.overdue && <span className="adm-badge adm-badge--danger">Overdue</span>} Due {formatDue(task.dueAt, zone)}
          {task.assigneeName && ` · ${task.assigneeName}`}
          {leadLink && task.leadId !== null && (
            <>
              {' · '}
              <a href={leadLink(task.leadId)}>{task.leadName ?? `Lead ${task.leadId}`}</a>
            </>
          )}
        </p>
      </div>
    </li>
  );
}

/** Adds a task (on the lead when `leadId`): due 'tomorrow 10 am' by default, in the clinic's zone. */
export function TaskCreateForm(props: { clientId: number; leadId?: number; zone: string; idPrefix: string }) {
  const assignees = useAssignees(props.clientId);
  // The form starts once the users are known, so its first choice of who does it shows.
  if (assignees.isPending) return <p className="adm-muted">Loading…</p>;
  return <TaskFields {...props} assignees={assignees.data?.items ?? []} />;
}

function TaskFields({ clientId, leadId, zone, idPrefix, assignees }: { clientId: number; leadId?: number; zone: string; idPrefix: string; assignees: Array<{ id: number; name: string | null; email: string }> }) {
  const create = useCreateTask(clientId);
  const toast = useToast();
  // In the portal a task is the user's own unless they give it to someone else.
  const me = usePortalUserId();
  const form = useForm<TaskForm>({ resolver: zodResolver(TaskFormSchema), defaultValues: { title: '', ...tomorrowAtTen(zone), assigneeId: me === null ? '' : String(me) } });
  const { errors } = form.formState;
  const field = (name: keyof TaskForm) => `${idPrefix}-${name}`;
  const submit = form.handleSubmit(async (values) => {
    const dueAt = dueFromInputs(values.date, values.time, zone);
    if (!dueAt) return form.setError('time', { message: 'Choose a time that exists on that day' });
    try {
      await create.mutateAsync({ title: values.title, dueAt, assigneeId: Number(values.assigneeId), ...(leadId !== undefined && { leadId }) });
      form.reset({ title: '', ...tomorrowAtTen(zone), assigneeId: values.assigneeId });
      toast({ title: 'Task added', description: 'Its assignee gets a reminder when it is due.' });
    } catch (err) {
      form.setError('title', { message: err instanceof Error ? err.message : 'The task was not added.' });
    }
  });
  return (
    <form className="adm-form fd-task-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormField id={field('title')} label="Task" error={errors.title?.message}>
        <input id={field('title')} className="adm-input" placeholder="Call back" maxLength={TASK_TITLE_MAX_LENGTH} {...form.register('title')} {...errorAria(field('title'), errors.title)} />
      </FormField>
      <div className="fd-row">
        <FormField id={field('date')} label="Due date" error={errors.date?.message}>
          <input id={field('date')} type="date" className="adm-input" {...form.register('date')} {...errorAria(field('date'), errors.date)} />
        </FormField>
        <FormField id={field('time')} label="Time" error={errors.time?.message}>
          <input id={field('time')} type="time" className="adm-input" {...form.register('time')} {...errorAria(field('time'), errors.time)} />
        </FormField>
      </div>
      <p className="adm-muted fd-hint">Times are the clinic’s ({zone}).</p>
      <FormField id={field('assigneeId')} label="Who does it" error={errors.assigneeId?.message}>
        <select id={field('assigneeId')} className="adm-input" {...form.register('assigneeId')} {...errorAria(field('assigneeId'), errors.assigneeId)}>
          <option value="">Choose a user</option>
          {assignees.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name ?? user.email}
            </option>
          ))}
        </select>
      </FormField>
      <button type="submit" className="adm-button adm-button--primary" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Adding…' : 'Add task'}
      </button>
    </form>
  );
}

/** The tasks on one lead (open first, then done) and the form to add one. */
export function LeadTasks({ leadId, clientId }: { leadId: number; clientId: number }) {
  const tasks = useTasks({ clientId, leadId, state: 'all' });
  const canAdd = useLeadsCan(routes.createPortalTask);
  if (tasks.isPending) return <p className="adm-muted">Loading tasks…</p>;
  if (tasks.isError) return <p className="adm-field__error">{tasks.error.message}</p>;
  const { items, timeZone } = tasks.data;
  return (
    <>
      {items.length ? (
        <ul className="fd-list" aria-label="Tasks on this lead">
          {items.map((task) => (
            <TaskItem key={task.id} task={task} zone={timeZone} />
          ))}
        </ul>
      ) : (
        <p className="adm-muted">No tasks on this lead.</p>
      )}
      {canAdd && <TaskCreateForm clientId={clientId} leadId={leadId} zone={timeZone} idPrefix={`lead-${leadId}-task`} />}
    </>
  );
}
