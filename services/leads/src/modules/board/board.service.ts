import { BOARD_COLUMN_CARDS, LEAD_STATUSES, type Board, type BoardCard, type BoardQuery, type PortalBoardQuery } from '@hap/contracts';
import { assertAdmin, assertClinicUser, badRequest, type Actor } from '@hap/service-kit';
import type { CatalogueClient } from '../../clients/catalogue.client';
import type { BoardRepository } from './board.repository';
import { ASSIGNEE_ME_IS_PORTAL } from '../admin/lead-admin.rules';
import { boardFilter } from './board.rules';

/**
 * The pipeline board (docs/leads.md#pipeline-board): counts and newest cards
 * per status. Reads only; a move goes through the status rows as the list's
 * menu does. `value` is null: nothing stored says what a lead is worth.
 */
export class BoardService {
  constructor(
    private readonly board: BoardRepository,
    private readonly catalogue: CatalogueClient,
  ) {}

  async adminBoard(actor: Actor, query: BoardQuery): Promise<Board> {
    assertAdmin(actor);
    if (query.assigneeId === 'me') throw badRequest(ASSIGNEE_ME_IS_PORTAL);
    return this.read(actor, query);
  }

  /** Every clinic role may read the board; the clinic is the identity's, never the request's. */
  async portalBoard(actor: Actor, query: PortalBoardQuery): Promise<Board> {
    const { clientId, userId } = assertClinicUser(actor);
    return this.read(actor, { ...query, clientId, assigneeId: query.assigneeId === 'me' ? userId : query.assigneeId });
  }

  private async read(actor: Actor, query: BoardQuery): Promise<Board> {
    const filter = boardFilter(query);
    const [counts, cards] = await Promise.all([this.board.counts(filter), this.board.cards(filter, BOARD_COLUMN_CARDS)]);
    const names = await this.serviceNames(new Set(cards.map((card) => card.client_id)), actor);
    const items: BoardCard[] = cards.map((row) => ({
      id: Number(row.id),
      reference: row.reference,
      clientId: row.client_id,
      serviceId: row.service_id,
      serviceName: names.get(`${row.client_id}:${row.service_id}`) ?? null,
      name: row.name,
      status: row.status,
      source: row.source,
      createdAt: row.created_at.toISOString(),
      nextAppointmentAt: row.next_appointment_at?.toISOString() ?? null,
    }));
    return {
      columns: LEAD_STATUSES.map((status) => ({
        status,
        count: counts.find((row) => row.status === status)?.count ?? 0,
        value: null,
        items: items.filter((card) => card.status === status),
      })),
    };
  }

  /** Service names by clinic and id; a clinic templates cannot answer for keeps null names (reads never fail for want of names). */
  private async serviceNames(clientIds: ReadonlySet<number>, actor: Actor): Promise<ReadonlyMap<string, string>> {
    const lists = await Promise.all(
      [...clientIds].map(async (clientId) => {
        try {
          return (await this.catalogue.servicesOf(clientId, actor.requestId)).map((s) => [`${clientId}:${s.id}`, s.name] as const);
        } catch {
          return [];
        }
      }),
    );
    return new Map(lists.flat());
  }
}
