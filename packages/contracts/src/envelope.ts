import { z } from 'zod';
import type { ErrorCode } from './errors';
import { idField } from './fields';
import { SlotSchema } from './booking/availability';

/** Every successful answer: `{ success: true, data }` (ARCHITECTURE.md#errors). */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const ErrorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>;

/** Every failure: HTTP 4xx/5xx with a human sentence and a stable code. */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  issues: z.array(ErrorIssueSchema).optional(),
  /** A booking refused because its time was taken (SLOT_TAKEN): the next free times to offer instead (docs/booking.md). */
  nextSlots: z.array(SlotSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/**
 * The one way an error answer is written, by the services' error handler and
 * by every place that answers before or outside it (gateway refusals, health,
 * the shell), so the shape cannot drift between them. `issues` only when given.
 */
export function errorEnvelope(code: ErrorCode, message: string, issues?: ErrorIssue[], extra?: Pick<ErrorEnvelope, 'nextSlots'>): ErrorEnvelope {
  const body: ErrorEnvelope = issues === undefined ? { success: false, code, message } : { success: false, code, message, issues };
  return extra?.nextSlots ? { ...body, nextSlots: extra.nextSlots } : body;
}

export type SuccessEnvelope<T> = { success: true; data: T };

/** A positive integer id taken from a path segment. */
export const IdParamSchema = z.object({ id: idField('Id', { fromText: true }) });
export type IdParam = z.infer<typeof IdParamSchema>;

/** What a DELETE answers: the id that is gone. */
export const DeletedResultSchema = z.object({ id: z.number().int() });
export type DeletedResult = z.infer<typeof DeletedResultSchema>;
