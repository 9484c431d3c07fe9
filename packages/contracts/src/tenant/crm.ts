import { z } from 'zod';
import { idField, noNul, NUL_MESSAGE } from '../fields';
import { ClientCreateSchema } from './client';
import { MAX_ONBOARDING_SERVICES } from './onboarding-wire';

/**
 * The public spec's CRM calls (docs/public-site.md#calls; ARCHITECTURE.md#who-owns-what lists `/api/ghl-…` as admin-only):
 * the same provisioning as the client dialog's Create CRM Account, in the
 * spec's two steps. The sub-account belongs to a clinic of ours: it is made
 * for one and found by its id.
 */

/**
 * `POST /api/ghl-create-subaccount` (docs/public-site.md#calls: clientId, name, address,
 * phone, email, website). The details name the sub-account; one left out is
 * the clinic's own.
 */
export const GhlCreateSubaccountSchema = z.object({
  clientId: idField('Client id'),
  name: ClientCreateSchema.shape.name.optional(),
  address: ClientCreateSchema.shape.address.optional(),
  phone: ClientCreateSchema.shape.phone.optional(),
  email: ClientCreateSchema.shape.email,
  website: ClientCreateSchema.shape.website,
});
export type GhlCreateSubaccount = z.output<typeof GhlCreateSubaccountSchema>;

/** Its answer (the spec reads data.subaccountId). `created` is false when the clinic had its sub-account already: none is made twice. */
export const GhlSubaccountResultSchema = z.object({
  subaccountId: z.string(),
  subaccountName: z.string(),
  created: z.boolean(),
});
export type GhlSubaccountResult = z.infer<typeof GhlSubaccountResultSchema>;

/** `POST /api/ghl-load-service-snapshots` (docs/public-site.md#calls: subaccountId, selectedServiceIds, the chosen service templates). */
export const GhlLoadSnapshotsSchema = z.object({
  subaccountId: z
    .string({ error: 'The sub-account id is required' })
    .trim()
    .min(1, 'The sub-account id is required')
    .max(100, 'The sub-account id must be at most 100 characters')
    .refine(noNul, NUL_MESSAGE),
  selectedServiceIds: z
    .array(idField('Service id'), { error: 'Please select at least one service' })
    .min(1, 'Please select at least one service')
    .max(MAX_ONBOARDING_SERVICES, `Please select at most ${MAX_ONBOARDING_SERVICES} services`)
    .transform((ids) => [...new Set(ids)]),
});
export type GhlLoadSnapshots = z.output<typeof GhlLoadSnapshotsSchema>;

/** Its answer (the spec reads none): the clinic, and the snapshots loaded (one per chosen service that has one). */
export const GhlSnapshotsResultSchema = z.object({
  subaccountId: z.string(),
  clientId: z.number().int(),
  snapshotIds: z.array(z.string()),
  snapshotsLoaded: z.number().int(),
});
export type GhlSnapshotsResult = z.infer<typeof GhlSnapshotsResultSchema>;
