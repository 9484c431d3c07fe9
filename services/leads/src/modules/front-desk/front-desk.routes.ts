import type { AdminTaskCreate } from '@hap/contracts';
import { actorOf, assertAdmin, assertClinicUser, type RouteHandlers } from '@hap/service-kit';
import type { LeadAdminService } from '../admin/lead-admin.service';
import type { PortalService } from '../portal/portal.service';
import type { FrontDeskService } from './front-desk.service';

type FrontDeskOperations =
  | 'addPortalLeadNote'
  | 'editPortalLeadNote'
  | 'logPortalLeadCall'
  | 'assignPortalLead'
  | 'listPortalAssignees'
  | 'listPortalTasks'
  | 'createPortalTask'
  | 'updatePortalTask'
  | 'addLeadNote'
  | 'editLeadNote'
  | 'logLeadCall'
  | 'assignLead'
  | 'listClientAssignees'
  | 'listTasks'
  | 'createTask'
  | 'updateTask';

/**
 * The front desk's rows (docs/leads.md#the-front-desk). Clinic rows: the clinic is the signed identity's
 * (`assertClinicUser`), never a parameter; admin rows: any clinic, `clientId` where a row needs one.
 */
export const frontDeskHandlers = (desk: FrontDeskService, portal: PortalService, leads: LeadAdminService): Pick<RouteHandlers<'leads'>, FrontDeskOperations> => ({
  addPortalLeadNote: ({ params, body }, request) => {
    assertClinicUser(actorOf(request));
    return desk.addNote(actorOf(request), params.id, body);
  },
  editPortalLeadNote: ({ params, body }, request) => {
    assertClinicUser(actorOf(request));
    return desk.editNote(actorOf(request), params.id, params.noteId, body);
  },
  logPortalLeadCall: ({ params, body }, request) => {
    assertClinicUser(actorOf(request));
    return desk.logCall(actorOf(request), params.id, body);
  },
  assignPortalLead: async ({ params, body }, request) => {
    assertClinicUser(actorOf(request));
    await desk.assign(actorOf(request), params.id, body.assigneeId);
    return portal.get(actorOf(request), params.id);
  },
  listPortalAssignees: (_input, request) => desk.assignees(assertClinicUser(actorOf(request)).clientId),
  listPortalTasks: ({ query }, request) => {
    const user = assertClinicUser(actorOf(request));
    return desk.tasks(user.clientId, query, user.userId, 'clinic');
  },
  createPortalTask: ({ body }, request) => desk.createTask(actorOf(request), assertClinicUser(actorOf(request)).clientId, body),
  updatePortalTask: ({ params, body }, request) => {
    assertClinicUser(actorOf(request));
    return desk.updateTask(actorOf(request), params.id, body);
  },
  addLeadNote: ({ params, body }, request) => {
    assertAdmin(actorOf(request));
    return desk.addNote(actorOf(request), params.id, body);
  },
  editLeadNote: ({ params, body }, request) => {
    assertAdmin(actorOf(request));
    return desk.editNote(actorOf(request), params.id, params.noteId, body);
  },
  logLeadCall: ({ params, body }, request) => {
    assertAdmin(actorOf(request));
    return desk.logCall(actorOf(request), params.id, body);
  },
  assignLead: async ({ params, body }, request) => {
    assertAdmin(actorOf(request));
    await desk.assign(actorOf(request), params.id, body.assigneeId);
    return leads.get(actorOf(request), params.id);
  },
  listClientAssignees: ({ params }, request) => {
    assertAdmin(actorOf(request));
    return desk.assignees(params.id);
  },
  listTasks: ({ query }, request) => {
    assertAdmin(actorOf(request));
    return desk.tasks(query.clientId, query, null, 'admin');
  },
  createTask: ({ body }, request) => {
    assertAdmin(actorOf(request));
    const { clientId, ...task }: AdminTaskCreate = body;
    return desk.createTask(actorOf(request), clientId, task);
  },
  updateTask: ({ params, body }, request) => {
    assertAdmin(actorOf(request));
    return desk.updateTask(actorOf(request), params.id, body);
  },
});
