import type { AdCopy, CampaignAdTexts } from '@hap/contracts';

/** docs/campaigns.md#ad-texts-follow-the-template: what the rollout screen says of a campaign's ads. */

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What an update changes in one ad, a line each: 'Headline “A” replaced by “B”', 'Added description “C”', 'Headlines in a new order'. */
export function adChangeLines(before: AdCopy, after: AdCopy): string[] {
  const lines: string[] = [];
  for (const [field, word] of [
    ['headlines', 'headline'],
    ['descriptions', 'description'],
  ] as const) {
    const removed = before[field].filter((text) => !after[field].includes(text));
    const added = after[field].filter((text) => !before[field].includes(text));
    const paired = Math.min(removed.length, added.length);
    for (let i = 0; i < paired; i += 1) lines.push(`${word[0]!.toUpperCase()}${word.slice(1)} “${removed[i]}” replaced by “${added[i]}”`);
    for (const text of removed.slice(paired)) lines.push(`Removed ${word} “${text}”`);
    for (const text of added.slice(paired)) lines.push(`Added ${word} “${text}”`);
    if (removed.length === 0 && added.length === 0 && before[field].join('\n') !== after[field].join('\n')) lines.push(`${word[0]!.toUpperCase()}${word.slice(1)}s in a new order`);
  }
  return lines;
}

/** The campaigns an update would change: some ads differ and nothing stops it. */
export const updatable = (campaigns: readonly CampaignAdTexts[]): CampaignAdTexts[] => campaigns.filter((c) => c.changes.length > 0 && c.problem === null);

/** The checked campaigns in one sentence (removed ones counted out). */
export function reviewSummary(campaigns: readonly CampaignAdTexts[]): string {
  const live = campaigns.filter((c) => c.status !== 'REMOVED');
  if (live.length === 0) return campaigns.length ? "None of these clinics' campaigns launched from this template is in Google Ads any more." : 'None of these clinics has a campaign launched from this template.';
  const ready = updatable(live);
  const ads = ready.reduce((n, c) => n + c.changes.length, 0);
  const blocked = live.filter((c) => c.problem !== null).length;
  const head = `${plural(live.length, 'campaign')} launched from this template`;
  if (ads === 0 && blocked === 0) return `${head}: every ad already has the template's texts.`;
  return `${head}: ${plural(ads, 'ad')} to update${blocked ? `, ${plural(blocked, 'campaign')} that cannot be updated` : ''}.`;
}

/** The update button's words. */
export const updateLabel = (campaigns: number) => `Update the ads of ${plural(campaigns, 'campaign')}`;

/** A campaign's status as the screen badges it. */
export const campaignStatusWord = (status: string) =>
  status === 'ENABLED' ? 'Running' : status === 'PAUSED' ? 'Paused' : status === 'REMOVED' ? 'Removed in Google Ads' : 'Status unknown';
