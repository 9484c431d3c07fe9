import { z } from 'zod';
import { idField, timestamp } from '../fields';
import { TemplateContentSchema } from './content';
import { MERGED_LISTS, MERGED_TEXTS } from './template-merge';

/**
 * Template rollout on the wire (docs/template-rollout.md): versions, each clinic's place among
 * them, a clinic's diff against a version, pushes and their rollbacks.
 */

/** How a template's saves reach its clinics: each save at once ('latest'), or only where pushed ('staged'). */
export const TEMPLATE_ROLLOUTS = ['latest', 'staged'] as const;
export const TemplateRolloutSchema = z.enum(TEMPLATE_ROLLOUTS, { error: 'Rollout must be latest or staged' });
export type TemplateRollout = z.infer<typeof TemplateRolloutSchema>;

/** A version's note, as the template editor's save sends it. */
export const versionNoteField = () => z.string().trim().max(300, 'Version note must be at most 300 characters').nullish();

/** GET /api/service-templates/{id}/versions: one version, newest first. */
export const TemplateVersionSchema = z.object({
  number: z.number().int(),
  note: z.string().nullable(),
  rollout: TemplateRolloutSchema,
  createdBy: z.string().nullable(),
  createdAt: timestamp(),
  isLatest: z.boolean(),
  /** How many of the template's clinics are on it now. */
  clinics: z.number().int(),
});
export type TemplateVersion = z.infer<typeof TemplateVersionSchema>;

export const TemplateVersionsSchema = z.object({
  templateId: z.number().int(),
  rollout: TemplateRolloutSchema,
  latest: z.number().int(),
  versions: z.array(TemplateVersionSchema),
});
export type TemplateVersions = z.infer<typeof TemplateVersionsSchema>;

const SectionSchema = z.enum([...MERGED_TEXTS, ...MERGED_LISTS]);

/** GET /api/service-templates/{id}/clinics: each clinic's service of the template. */
export const TemplateClinicSchema = z.object({
  clientServiceId: z.number().int(),
  clientId: z.number().int(),
  /** The clinic's name as tenant has it; null when tenant cannot say now. */
  clinicName: z.string().nullable(),
  isActive: z.boolean(),
  version: z.number().int(),
  pinned: z.boolean(),
  behind: z.boolean(),
  /** The sections the clinic changed of the version it is on. */
  changed: z.array(SectionSchema),
});
export type TemplateClinic = z.infer<typeof TemplateClinicSchema>;

export const TemplateClinicsSchema = z.object({ templateId: z.number().int(), latest: z.number().int(), clinics: z.array(TemplateClinicSchema) });
export type TemplateClinics = z.infer<typeof TemplateClinicsSchema>;

const ItemSchema = z.object({ id: z.string() }).catchall(z.union([z.string(), z.number(), z.null()]));

export const ContentChangeSchema = z.object({
  key: z.string(),
  section: SectionSchema,
  itemId: z.string().nullable(),
  label: z.string(),
  by: z.enum(['clinic', 'template', 'both']),
  conflict: z.boolean(),
  clinic: z.union([z.string(), ItemSchema]).nullable(),
  template: z.union([z.string(), ItemSchema]).nullable(),
});

/** GET /api/service-templates/{id}/pushes: the latest pushes, or those older than push `before` (the list's next page). */
export const PushesQuerySchema = z.object({ before: idField('Before (a push id)', { fromText: true }).optional() });

export const DiffQuerySchema = z.object({ version: z.coerce.number({ error: 'Version must be a number' }).int('Version must be a whole number').min(1, 'Version must be 1 or more').optional() });

/**
 * GET /api/client-services/{id}/diff?version=: the clinic's page now, the version as the clinic
 * would get it without changes of its own, and the page after a push of that version, with every
 * difference and who made it.
 */
export const ClientServiceDiffSchema = z.object({
  clientServiceId: z.number().int(),
  clientId: z.number().int(),
  templateId: z.number().int(),
  fromVersion: z.number().int(),
  toVersion: z.number().int(),
  current: TemplateContentSchema,
  template: TemplateContentSchema,
  merged: TemplateContentSchema,
  changes: z.array(ContentChangeSchema),
  /** Why a push of this version would leave the clinic as it is (a list past its limit: overfullLists), in words; empty when it can be pushed. */
  problems: z.array(z.string()),
});
export type ClientServiceDiff = z.infer<typeof ClientServiceDiffSchema>;

/** POST /api/service-templates/{id}/push: a version to these clinics; `choices` takes the template's side of a clinic's conflicts. */
export const TemplatePushCreateSchema = z.strictObject({
  version: z.number({ error: 'Version is required' }).int('Version must be a whole number').min(1, 'Version must be 1 or more'),
  clientIds: z.array(idField('Client id'), { error: 'Choose the clinics to push to' }).min(1, 'Choose at least one clinic').max(5000, 'Push to at most 5000 clinics at once'),
  choices: z.record(z.string(), z.record(z.string(), z.enum(['clinic', 'template']))).optional(),
});
export type TemplatePushCreate = z.infer<typeof TemplatePushCreateSchema>;

export const TEMPLATE_PUSH_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const PUSH_CLINIC_STATUSES = ['pending', 'pushed', 'failed', 'rolled-back'] as const;

export const TemplatePushClinicSchema = z.object({
  clientServiceId: z.number().int(),
  clientId: z.number().int(),
  status: z.enum(PUSH_CLINIC_STATUSES),
  fromVersion: z.number().int().nullable(),
  conflicts: z.array(ContentChangeSchema),
  error: z.string().nullable(),
  rolledBackAt: timestamp().nullable(),
});

/** A push, as its status route answers it: the screen follows it until it has succeeded or failed. */
export const TemplatePushSchema = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  version: z.number().int(),
  status: z.enum(TEMPLATE_PUSH_STATUSES),
  total: z.number().int(),
  pushed: z.number().int(),
  failed: z.number().int(),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  clinics: z.array(TemplatePushClinicSchema),
});
export type TemplatePush = z.infer<typeof TemplatePushSchema>;

export const PushIdParamSchema = z.object({ pushId: idField('Push id', { fromText: true }) });

/** POST /api/client-services/{id}/rollback: undo what a push did to this clinic. */
export const ClientServiceRollbackSchema = z.strictObject({ pushId: idField('Push id') });

/** PATCH /api/client-services/{id}/version: pin the clinic to its version, or let it follow again. */
export const ClientServiceVersionUpdateSchema = z.strictObject({ pinned: z.boolean({ error: 'Pinned must be true or false' }) });

export const ClientServiceVersionSchema = z.object({ clientServiceId: z.number().int(), version: z.number().int(), pinned: z.boolean() });
