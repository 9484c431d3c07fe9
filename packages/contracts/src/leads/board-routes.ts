import { z } from 'zod';
import { defineRoute } from '../route-contract';
import { idField, timestamp } from '../fields';
import { FROM_AFTER_TO, fromBeforeTo, leadFilterShape, LeadListItemSchema, LeadStatusSchema } from './admin';

/**
 * The pipeline board (docs/leads.md#pipeline-board): one column per status,
 * each with its count, its money value and its newest cards, each card the
 * list's row cut to what a card shows. Filters are the list's (service,
 * period) plus the lead's source and its assignee (docs/leads.md#pipeline-board).
 */

/** A column shows at most this many cards, newest first; its count is every lead of the status. */
export const BOARD_COLUMN_CARDS = 50;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `google` (a click id or utm_source google), `direct` (no utm_source and no click id), or a utm_source as stored. */
export const BoardSourceSchema = z
  .string()
  .trim()
  .min(1, 'Source must not be empty')
  .max(100, 'Source must be at most 100 characters')
  .regex(/^[\w.\- ]+$/, 'Source may hold letters, digits, spaces, dots, dashes and underscores');

const boardFilterShape = {
  serviceId: leadFilterShape.serviceId,
  from: leadFilterShape.from,
  to: leadFilterShape.to,
  source: z.preprocess(blankToUndefined, BoardSourceSchema.optional()),
  /** Whose leads, as the list's filter: a user id, `none`, or (the portal's) `me` (docs/leads.md#assignment). */
  assigneeId: leadFilterShape.assigneeId,
};

/** GET /api/portal/leads/board: the clinic is the signed identity's. */
export const PortalBoardQuerySchema = z.object(boardFilterShape).refine(fromBeforeTo, FROM_AFTER_TO);
export type PortalBoardQuery = z.output<typeof PortalBoardQuerySchema>;

/** GET /api/leads/board: one clinic with clientId, every clinic's without. */
export const BoardQuerySchema = z
  .object({ ...boardFilterShape, clientId: z.preprocess(blankToUndefined, idField('Client id', { fromText: true }).optional()) })
  .refine(fromBeforeTo, FROM_AFTER_TO);
export type BoardQuery = z.output<typeof BoardQuerySchema>;
export type BoardQueryInput = z.input<typeof BoardQuerySchema>;

/** A card: who, what, how old, where from, and the next appointment when one is booked. */
export const BoardCardSchema = LeadListItemSchema.pick({
  id: true,
  reference: true,
  clientId: true,
  serviceId: true,
  serviceName: true,
  name: true,
  status: true,
  createdAt: true,
}).extend({
  /** `google`, `direct`, or the stored utm_source. */
  source: z.string(),
  /** The start of the lead's next live appointment; null when none is booked ahead. */
  nextAppointmentAt: timestamp().nullable(),
});
export type BoardCard = z.infer<typeof BoardCardSchema>;

export const BoardColumnSchema = z.object({
  status: LeadStatusSchema,
  count: z.number().int(),
  /** Money value of the column; null: nothing reliable records a lead's value (docs/leads.md#pipeline-board). */
  value: z.number().nullable(),
  items: z.array(BoardCardSchema),
});
export type BoardColumn = z.infer<typeof BoardColumnSchema>;

export const BoardSchema = z.object({ columns: z.array(BoardColumnSchema) });
export type Board = z.infer<typeof BoardSchema>;

/** The board's rows, spread into leadsRoutes (routes.ts). */
export const boardRoutes = {
  getLeadsBoard: defineRoute({
    operation: 'getLeadsBoard',
    method: 'GET',
    path: '/api/leads/board',
    owner: 'leads',
    access: 'admin',
    summary:
      'The pipeline board: per status (new, contacted, booked, won, lost) its count, its money value (null: not recorded) and its newest 50 cards; one clinic (clientId) or every clinic, filtered by service, source (google, direct or a utm_source) and period.',
    query: BoardQuerySchema,
    data: BoardSchema,
  }),
  getPortalLeadsBoard: defineRoute({
    operation: 'getPortalLeadsBoard',
    method: 'GET',
    path: '/api/portal/leads/board',
    owner: 'leads',
    access: 'clinic',
    summary:
      'The clinic’s pipeline board: the admin board’s columns for the signed identity’s clinic, filtered by service, source and period. Every role may read it.',
    query: PortalBoardQuerySchema,
    data: BoardSchema,
  }),
} as const;
