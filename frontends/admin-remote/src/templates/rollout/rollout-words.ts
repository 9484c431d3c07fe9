import { SECTION_LABELS, type ClientServiceDiff, type TemplateClinic } from '@hap/contracts';

type Change = ClientServiceDiff['changes'][number];
type Value = Change['clinic'];

/** Where a clinic stands (docs/template-rollout.md#versions): 'Version 1 of 2 · behind', 'Version 2 · up to date', pinned said too. */
export function standingOf(clinic: Pick<TemplateClinic, 'version' | 'behind' | 'pinned'>, latest: number): string {
  const where = clinic.behind ? `Version ${clinic.version} of ${latest}` : `Version ${clinic.version}`;
  return [where, clinic.behind ? 'behind' : 'up to date', clinic.pinned && 'pinned'].filter(Boolean).join(' · ');
}

/** The sections a clinic changed, in words: 'Headline, FAQs'; 'None' when it follows the template. */
export const changedWords = (changed: TemplateClinic['changed']): string => (changed.length ? changed.map((s) => SECTION_LABELS[s]).join(', ') : 'None');

/** Who a change is: the screen's badge. */
export function changeKind(change: Pick<Change, 'by' | 'conflict'>): { label: string; tone: 'warning' | 'neutral' | 'success' | 'danger' } {
  if (change.conflict) return { label: 'Conflict', tone: 'danger' };
  if (change.by === 'clinic') return { label: "Clinic's own change", tone: 'neutral' };
  if (change.by === 'template') return { label: 'Template change not received', tone: 'warning' };
  return { label: 'Same change on both', tone: 'success' };
}

/** A change's value as the page says it: a text, or an item's title/question with its description/answer; null is 'Not on the page'. */
export function valueLines(value: Value): { title: string; detail: string | null } {
  if (value === null) return { title: 'Not on the page', detail: null };
  if (typeof value === 'string') return { title: value, detail: null };
  const title = String(value.question ?? value.title ?? value.text ?? '');
  const detail = value.answer ?? value.description ?? value.afterDescription ?? null;
  return { title, detail: detail === null || detail === '' ? null : String(detail) };
}

/** The diff's summary: '2 template changes to receive · 1 of the clinic's own · 1 conflict'. */
export function diffSummary(changes: readonly Pick<Change, 'by' | 'conflict'>[]): string {
  const template = changes.filter((c) => c.by === 'template').length;
  const own = changes.filter((c) => c.by === 'clinic').length;
  const conflicts = changes.filter((c) => c.conflict).length;
  if (!template && !own && !conflicts) return 'No differences';
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    template && plural(template, 'template change to receive', 'template changes to receive'),
    own && `${own} of the clinic's own`,
    conflicts && plural(conflicts, 'conflict', 'conflicts'),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The push button's words: 'Push version 2 to 3 clinics'; 'Push version 2' while none is chosen. */
export const pushLabel = (version: number, count: number) => (count ? `Push version ${version} to ${count} ${count === 1 ? 'clinic' : 'clinics'}` : `Push version ${version}`);
