import {
  AD_LIMITS,
  CampaignStructureSchema,
  OPTIMIZATION_GOAL_LABELS,
  RewrittenCampaignSchema,
  validateCampaignStructure,
  WrittenCampaignsSchema,
  type OptimizationGoal,
  type TemplateCampaign,
  type WrittenCampaign,
} from '@hap/contracts';
import { createStructuredWriter, type ModelOptions } from '@hap/service-kit/structured-writer';
import type { CatalogueTemplate } from '../clients/templates.client';

/**
 * The ads service's OpenAI adapter: the model writes Search campaigns for a
 * service template (ads.generate) and rewrites one for a goal (ads.optimize),
 * within Google's limits (the schema's and the structure check's), asked once
 * more with the problems when it breaks them.
 */
export interface CampaignWriter {
  readonly model: string;
  generate(template: CatalogueTemplate, brief: string, onAttempt?: (attempt: number) => Promise<void> | void): Promise<WrittenCampaign[]>;
  optimize(template: CatalogueTemplate, campaign: TemplateCampaign, goal: OptimizationGoal, onAttempt?: (attempt: number) => Promise<void> | void): Promise<WrittenCampaign>;
}

const L = AD_LIMITS;

const SYSTEM_PROMPT = [
  'You are a Google Ads specialist writing Search campaigns for a medical or wellness clinic service in the United States.',
  "Follow Google's healthcare advertising policies: no guarantees of results, no before-and-after claims, no prescription drug names in ad text, no personal health assertions (\"Are you depressed?\"), no superlatives you cannot prove.",
  `Every headline at most ${L.headlineChars} characters, every description at most ${L.descriptionChars}, ${L.headlinesMin} to ${L.headlinesMax} headlines and ${L.descriptionsMin} to ${L.descriptionsMax} descriptions per ad, no headline or description twice in one ad.`,
  `Keywords: plain words only (no + " [ ] or other symbols; the match type says how they match), at most ${L.keywordChars} characters and ${L.keywordWords} words, no keyword twice in an ad group; ad groups named differently.`,
  `Sitelinks: link text at most ${L.sitelinkTextChars} characters, two description lines of at most ${L.sitelinkDescriptionChars}. Callouts at most ${L.calloutChars} characters.`,
  'Use the clinic voice: "our providers", "book a consultation"; never name a clinic, a doctor or a city.',
].join(' ');

const templateText = (template: CatalogueTemplate, brief: string) =>
  [
    `Service: ${template.name}`,
    `About the service: ${brief.trim() || template.description}`,
    template.offer ? `Offer: ${template.offer}` : '',
    template.benefits.length ? `Benefits: ${template.benefits.join('; ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');

const GOAL_ADVICE: Readonly<Record<OptimizationGoal, string>> = {
  increase_conversions: 'more booked consultations: stronger calls to action, the offer up front, high-intent keywords (exact and phrase)',
  improve_ctr: 'a higher click-through rate: headlines that echo the keywords, specific benefits, questions patients search for',
  reduce_cost: 'a lower cost per lead: drop broad, low-intent keywords, prefer exact and phrase match, tighter ad groups',
  expand_reach: 'more reach: more related keywords and ad groups for nearby intents, broader match where it stays relevant',
};

/** The structure check's problems of written campaigns (what the schema cannot say: repeats, refused characters). */
function structureProblems(campaigns: readonly WrittenCampaign[]): string[] {
  // Each campaign is stored under its name: two with one name would be one too many.
  const names = campaigns.map((c) => c.name.trim().toLowerCase());
  const repeated = names.filter((name, i) => names.indexOf(name) !== i).map((name) => `campaigns: two campaigns are named "${name}"; give each its own name`);
  return repeated.concat(...campaigns.map((campaign, i) => {
    const structure = CampaignStructureSchema.parse({
      name: campaign.name,
      adGroups: campaign.adGroups,
      extensions: { sitelinks: campaign.sitelinks, callouts: campaign.callouts },
    });
    return validateCampaignStructure(structure).validationResults.flatMap((r) => r.errors.map((e) => `campaigns.${i} (${r.adGroupName}): ${e}`));
  }));
}

/** A stored campaign as the model reads it back (the fields it may rewrite). */
const asWritten = (campaign: TemplateCampaign) => ({
  name: campaign.name,
  description: campaign.description,
  keywordTheme: campaign.keywordTheme,
  targetAudience: campaign.targetAudience,
  adGroups: campaign.adGroups,
  sitelinks: campaign.extensions.sitelinks.map(({ linkText, description1, description2 }) => ({ linkText, description1, description2 })),
  callouts: campaign.extensions.callouts,
});

/** The writer, or null when no model is configured (the API and screen say so; nothing pretends). */
export function createCampaignWriter(options: ModelOptions): CampaignWriter | null {
  const generator = createStructuredWriter(options, {
    schema: WrittenCampaignsSchema,
    name: 'google_ads_campaigns',
    what: 'campaign',
    check: (value) => structureProblems(value.campaigns),
  });
  const optimizer = createStructuredWriter(options, {
    schema: RewrittenCampaignSchema,
    name: 'google_ads_campaign',
    what: 'campaign',
    check: (value) => structureProblems([value.campaign]),
  });
  if (!generator || !optimizer) return null;
  return {
    model: generator.model,
    async generate(template, brief, onAttempt) {
      const user = `${templateText(template, brief)}\n\nWrite one to three Search campaigns for this service, each with its own angle (for example symptoms, benefits, the offer).`;
      return (await generator.write(SYSTEM_PROMPT, user, onAttempt)).campaigns;
    },
    async optimize(template, campaign, goal, onAttempt) {
      const user = [
        templateText(template, ''),
        `Goal: ${OPTIMIZATION_GOAL_LABELS[goal]}, that is ${GOAL_ADVICE[goal]}.`,
        'Rewrite this campaign for the goal; keep what already serves it. The campaign as JSON:',
        JSON.stringify(asWritten(campaign)),
      ].join('\n\n');
      return (await optimizer.write(SYSTEM_PROMPT, user, onAttempt)).campaign;
    },
  };
}
