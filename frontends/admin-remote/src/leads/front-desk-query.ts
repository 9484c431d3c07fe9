import {
  routes,
  type Assignee,
  type LeadCallInput,
  type LeadDetail,
  type LeadNote,
  type LeadNoteInput,
  type LoggedCall,
  type PortalLeadDetail,
  type Task,
  type TaskCreate,
  type TaskList,
  type TaskUpdate,
} from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import { useLeadsScope, type LeadsScope } from './leads-query';

/**
 * The front desk's calls (docs/leads.md#the-front-desk): notes, calls, the assignee and tasks, through the
 * portal's rows or the agency's. Each write refreshes the lead, its timeline and the task lists.
 */
const keyOf = (scope: LeadsScope) => [scope, 'leads'] as const;
const TASKS_KEY = (scope: LeadsScope) => [scope, 'tasks'] as const;

function useRefresh() {
  const scope = useLeadsScope();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: keyOf(scope) });
    void queryClient.invalidateQueries({ queryKey: TASKS_KEY(scope) });
  };
}

/** Who of the clinic may be given leads and tasks (`clientId` is the agency's; the portal's is the identity's). */
export function useAssignees(clientId: number) {
  const scope = useLeadsScope();
  return useQuery({
    queryKey: [scope, 'assignees', scope === 'portal' ? 'own' : clientId],
    queryFn: ({ signal }): Promise<{ items: Assignee[] }> =>
      scope === 'portal' ? api.call(routes.listPortalAssignees, {}, { signal }) : api.call(routes.listClientAssignees, { params: { id: String(clientId) } }, { signal }),
    // The agency's 'All clinics' view has no clinic to ask.
    enabled: scope === 'portal' || clientId > 0,
    staleTime: 60_000,
  });
}

export function useAssignLead(id: number) {
  const scope = useLeadsScope();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (assigneeId: number | null): Promise<LeadDetail | PortalLeadDetail> =>
      scope === 'portal'
        ? api.call(routes.assignPortalLead, { params: { id: String(id) }, body: { assigneeId } })
        : api.call(routes.assignLead, { params: { id: String(id) }, body: { assigneeId } }),
    onSettled: refresh,
  });
}

export function useAddNote(leadId: number) {
  const scope = useLeadsScope();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LeadNoteInput): Promise<LeadNote> =>
      scope === 'portal'
        ? api.call(routes.addPortalLeadNote, { params: { id: String(leadId) }, body })
        : api.call(routes.addLeadNote, { params: { id: String(leadId) }, body }),
    onSettled: refresh,
  });
}

export function useEditNote(leadId: number) {
  const scope = useLeadsScope();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ noteId, body }: { noteId: number; body: LeadNoteInput }): Promise<LeadNote> => {
      const params = { id: String(leadId), noteId: String(noteId) };
      return scope === 'portal' ? api.call(routes.editPortalLeadNote, { params, body }) : api.call(routes.editLeadNote, { params, body });
    },
    onSettled: refresh,
  });
}

export function useLogCall(leadId: number) {
  const scope = useLeadsScope();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LeadCallInput): Promise<LoggedCall> =>
      scope === 'portal'
        ? api.call(routes.logPortalLeadCall, { params: { id: String(leadId) }, body })
        : api.call(routes.logLeadCall, { params: { id: String(leadId) }, body }),
    onSettled: refresh,
  });
}

/** Tasks: the portal's (`mine`, `state`, `leadId`), or one clinic's for the agency. */
export function useTasks(filter: { clientId: number; leadId?: number; mine?: boolean; state?: 'open' | 'done' | 'all' }) {
  const scope = useLeadsScope();
  return useQuery({
    queryKey: [...TASKS_KEY(scope), filter],
    queryFn: ({ signal }): Promise<TaskList> => {
      const query = { state: filter.state ?? 'open', ...(filter.leadId !== undefined && { leadId: String(filter.leadId) }) };
      return scope === 'portal'
        ? api.call(routes.listPortalTasks, { query: { ...query, ...(filter.mine && { mine: '1' }) } }, { signal })
        : api.call(routes.listTasks, { query: { ...query, clientId: String(filter.clientId) } }, { signal });
    },
    // Overdue is decided when read: a minute keeps it current while the page is open.
    refetchInterval: 60_000,
  });
}

export function useCreateTask(clientId: number) {
  const scope = useLeadsScope();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TaskCreate): Promise<Task> =>
      scope === 'portal' ? api.call(routes.createPortalTask, { body }) : api.call(routes.createTask, { body: { ...body, clientId } }),
    onSettled: refresh,
  });
}

export function useUpdateTask() {
  const scope = useLeadsScope();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: TaskUpdate }): Promise<Task> =>
      scope === 'portal'
        ? api.call(routes.updatePortalTask, { params: { id: String(id) }, body: change })
        : api.call(routes.updateTask, { params: { id: String(id) }, body: change }),
    onSettled: refresh,
  });
}
