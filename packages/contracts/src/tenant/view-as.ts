import { z } from 'zod';
import { idField, timestamp } from '../fields';

/*
 * The admin's read-only "view as" a clinic. Tenant records it
 * (audited: who viewed which clinic, when) under the admin's session tag in
 * Redis; the gateway reads it with a clinic row: a GET is signed as a
 * `viewAs` clinic identity of that clinic (role viewer), anything else is 403.
 */

/** `POST /api/admin/view-as`. */
export const ViewAsStartSchema = z.object({ clientId: idField('Client id') });
export type ViewAsStart = z.infer<typeof ViewAsStartSchema>;

/** The clinic an admin's session is viewing. */
export const ViewAsSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  since: timestamp(),
});
export type ViewAs = z.infer<typeof ViewAsSchema>;

/** How long a view lasts at most (a session lives 12 h at most; the key is useless without it). */
export const VIEW_AS_HOURS = 12;

/** The Redis key of a session's view (tenant writes it, the gateway reads it with a clinic row). */
export const viewAsKey = (redisPrefix: string, sessionTag: string) => `${redisPrefix}:viewas:${sessionTag}`;
