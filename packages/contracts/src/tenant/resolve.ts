import { z } from 'zod';
import { NUL_MESSAGE, noNul, stripNul } from '../fields';
import { ClientBrandingSchema, TrackingSettingsSchema } from './client';
import { StaffMemberSchema } from './staff';

/**
 * Accepts a `client` value only when it is a positive base-10 integer
 * (docs/public-site.md#choosing-the-clinic, docs/public-site.md#validation); anything else is ignored, never an error.
 */
export function parseClientParam(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}

/** `GET /api/resolve-client`: the facts a page request has about its client. */
export const ResolveClientQuerySchema = z.object({
  host: z
    .string({ error: 'host is required' })
    .trim()
    .min(1, 'host is required')
    .max(300, 'host must be at most 300 characters')
    .refine(noNul, NUL_MESSAGE),
  // Page facts that cannot matter are ignored, never refused: a visitor's odd
  // `?client=`, cookie or very long path must not cost a clinic's domain its page.
  path: z
    .string()
    .transform((v) => stripNul(v).slice(0, 2048).trim() || '/')
    .default('/'),
  client: z.string().optional().catch(undefined),
  session: z.string().optional().catch(undefined),
});
export type ResolveClientQuery = z.input<typeof ResolveClientQuerySchema>;

export const ClientResolutionSource = z.enum(['host', 'query', 'path', 'session', 'default']);

export const ClientResolutionSchema = z.object({
  clientId: z.number().int(),
  source: ClientResolutionSource,
});
export type ClientResolution = z.infer<typeof ClientResolutionSchema>;

/** Paths that use client 1 on development hosts (docs/public-site.md#choosing-the-clinic step 3). */
export const DEV_CLIENT_ONE_PATHS = ['/trt', '/ed'] as const;
export const DEFAULT_CLIENT_ID = 1;
export const SESSION_CLIENT_COOKIE = 'currentClientId';

/**
 * `GET /api/page-context`: everything a public page needs about its clinic in
 * one call — which clinic (and why), its branding (null only when the
 * fallback clinic itself no longer exists) and its team.
 */
export const PageContextSchema = z.object({
  resolution: ClientResolutionSchema,
  client: ClientBrandingSchema.nullable(),
  /** The clinic's team in displayOrder (the home page's team section, the hormone-therapy page's staff). */
  staff: z.array(StaffMemberSchema.omit({ createdAt: true })),
  /**
   * The clinic's tag ids and switches, so a page knows what tracking it loads
   * without a call of its own (null: the clinic does not exist).
   */
  tracking: TrackingSettingsSchema.nullable().optional(),
});
export type PageContext = z.infer<typeof PageContextSchema>;
