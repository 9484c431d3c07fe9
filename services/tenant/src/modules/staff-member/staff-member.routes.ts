import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { StaffMemberService } from './staff-member.service';

type StaffOperations = 'listStaffForClient' | 'createStaffMember' | 'updateStaffMember' | 'deleteStaffMember';

/** /api/staff-members… (docs/admin.md#calls). */
export const staffMemberHandlers = (staff: StaffMemberService): Pick<RouteHandlers<'tenant'>, StaffOperations> => ({
  listStaffForClient: ({ params }) => staff.listForClient(params.clientId),
  createStaffMember: ({ body }, request) => staff.create(actorOf(request), body),
  updateStaffMember: ({ params, body }, request) => staff.update(actorOf(request), params.id, body),
  deleteStaffMember: ({ params }, request) => staff.remove(actorOf(request), params.id),
});
