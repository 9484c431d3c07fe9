import { z } from 'zod';

/** The services that keep an audit_log table of their own. */
export const AuditServiceSchema = z.enum(['tenant', 'templates', 'leads', 'ads']);
export type AuditService = z.infer<typeof AuditServiceSchema>;

/** One admin change: who, what, when, before and after. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  service: AuditServiceSchema,
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  actorUserId: z.number().int().nullable(),
  /** The admin's e-mail as it was when the entry was written; null for entries older than that, or a service's own. */
  actorEmail: z.string().nullable(),
  /** What the entry's ids stood for when it was written (client, service, campaign, account); empty for older entries. */
  names: z
    .object({
      actor: z.string().optional(),
      /** A clinic user's name and role ('clinic owner', 'clinic front desk', 'clinic viewer') when one acted. */
      actorName: z.string().optional(),
      actorRole: z.string().optional(),
      client: z.string().optional(),
      service: z.string().optional(),
      campaign: z.string().optional(),
      account: z.string().optional(),
      /** What the entry's own row is called when its before/after do not say (a domain, a staff member, a lead's patient). */
      subject: z.string().optional(),
    })
    .default({}),
  requestId: z.string().nullable(),
  changes: z.object({
    before: z.record(z.string(), z.unknown()).nullable().optional(),
    after: z.record(z.string(), z.unknown()).nullable().optional(),
  }),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditEntrySchema>;

const isoDate = (message: string) =>
  z.string().refine((value) => !Number.isNaN(Date.parse(value)), { message });

export const AuditQuerySchema = z
  .object({
    entity: z.string().trim().min(1, 'The entity must not be empty').max(100, 'The entity is too long').optional(),
    entityId: z.string().trim().min(1, 'The entity id must not be empty').max(100, 'The entity id is too long').optional(),
    action: z.string().trim().min(1, 'The action must not be empty').max(50, 'The action is too long').optional(),
    from: isoDate('The start must be a date and time').optional(),
    to: isoDate('The end must be a date and time').optional(),
    page: z.coerce.number({ message: 'The page must be a number' }).int('The page must be a whole number').min(1, 'The page must be 1 or more').default(1),
    pageSize: z.coerce
      .number({ message: 'The page size must be a number' })
      .int('The page size must be a whole number')
      .min(1, 'The page size must be 1 or more')
      .max(100, 'The page size must be 100 or less')
      .default(25),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
    message: 'The start must be on or before the end',
    path: ['from'],
  });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
