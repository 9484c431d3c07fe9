import { z } from 'zod';
import { idField } from '../fields';
import type { CampaignPolicyFinding, PolicyFinding } from './ad-policy';

/**
 * `POST /api/ads/policy-check` (docs/campaigns.md#healthcare-policy-check): a clinic's ad texts
 * and final URL read against the healthcare policy rules (ad-policy.ts). Bounded as the campaign
 * a launch takes: a whole campaign's texts fit in one check.
 */
const text = (label: string, max: number) => z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`);

export const PolicyCheckSchema = z.strictObject({
  clientId: idField('Client id'),
  headlines: z.array(text('A headline', 300)).max(750, 'At most 750 headlines').default([]),
  descriptions: z.array(text('A description', 500)).max(200, 'At most 200 descriptions').default([]),
  keywords: z.array(text('A keyword', 300)).max(2000, 'At most 2000 keywords').default([]),
  finalUrl: text('The final URL', 2048).nullable().default(null),
});
export type PolicyCheck = z.output<typeof PolicyCheckSchema>;
export type PolicyCheckInput = z.input<typeof PolicyCheckSchema>;

export const PolicyFindingSchema = z.object({
  field: z.enum(['headline', 'description', 'keyword', 'finalUrl']),
  index: z.number().int(),
  words: z.string(),
  rule: z.string(),
  severity: z.enum(['block', 'warn']),
  suggestion: z.string(),
  policy: z.object({ name: z.string(), url: z.string() }),
}) satisfies z.ZodType<PolicyFinding>;

export const PolicyCheckResultSchema = z.object({
  findings: z.array(PolicyFindingSchema),
  /** True when a finding blocks a launch; warnings alone ask the admin to confirm. */
  blocked: z.boolean(),
});
export type PolicyCheckResult = z.infer<typeof PolicyCheckResultSchema>;

/** A campaign's finding: which ad group, and the text it is about. */
export const CampaignPolicyFindingSchema = PolicyFindingSchema.extend({ adGroup: z.string(), text: z.string() }) satisfies z.ZodType<CampaignPolicyFinding>;

/** A whole campaign's policy check, as Validate Structure and the preview answer it (the launch's own check). */
export const CampaignPolicyCheckSchema = z.object({ findings: z.array(CampaignPolicyFindingSchema), blocked: z.boolean() });
export type CampaignPolicyCheck = z.infer<typeof CampaignPolicyCheckSchema>;
