import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { BoardService } from './board.service';

/** The pipeline board's rows (docs/leads.md#pipeline-board): the admin's and the clinic portal's. */
export const boardHandlers = (board: BoardService): Pick<RouteHandlers<'leads'>, 'getLeadsBoard' | 'getPortalLeadsBoard'> => ({
  getLeadsBoard: ({ query }, request) => board.adminBoard(actorOf(request), query),
  getPortalLeadsBoard: ({ query }, request) => board.portalBoard(actorOf(request), query),
});
